/**
 * The demo's own texts (`segra.demo.*`), kept here because the demo lives apart from the app
 * shell and its catalogues. Turkish is the default, as in the app.
 */
export type DemoLocale = 'tr' | 'en' | 'de';

export const DEMO_MESSAGES: Record<DemoLocale, Record<string, string>> = {
  tr: {
    'segra.demo.banner': 'Demo modu: sunucu yok, örnek verilerle tarayıcıda çalışır. Değişiklikler sayfa yenilenince kaybolur.',
    'segra.demo.login_hint': 'Giriş: demo@segra.local / demo',
    'segra.demo.not_available': 'Demoda kullanılamaz',
  },
  en: {
    'segra.demo.banner': 'Demo mode: no server, sample data, everything runs in your browser. Changes are lost on reload.',
    'segra.demo.login_hint': 'Sign in: demo@segra.local / demo',
    'segra.demo.not_available': 'Not available in the demo',
  },
  de: {
    'segra.demo.banner': 'Demo-Modus: kein Server, Beispieldaten, alles läuft im Browser. Änderungen gehen beim Neuladen verloren.',
    'segra.demo.login_hint': 'Anmeldung: demo@segra.local / demo',
    'segra.demo.not_available': 'In der Demo nicht verfügbar',
  },
};

const isLocale = (v: unknown): v is DemoLocale => v === 'tr' || v === 'en' || v === 'de';

/**
 * The active language, as the app shows it: react-admin's stored locale (`RaStore.locale`),
 * else Turkish — the app's default, whatever the browser's language (so the banner never speaks
 * another language than the screen under it).
 */
export function demoLocale(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): DemoLocale {
  try {
    const raw = storage?.getItem('RaStore.locale');
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (isLocale(parsed)) return parsed;
    }
  } catch {
    // an unreadable store: Turkish
  }
  return 'tr';
}

export function demoText(key: string, locale: DemoLocale = demoLocale()): string {
  return DEMO_MESSAGES[locale][key] ?? DEMO_MESSAGES.tr[key] ?? key;
}
