/**
 * The bell's messages (segra.notifications) and the demo apps' switch in the settings panel,
 * in each language; merged into the catalogues by catalogues.ts.
 */
const tr = {
  notifications: {
    title: 'Bildirimler',
    empty: 'Bildirim yok',
    mark_all_read: 'Tümünü okundu say',
    unread: 'okunmadı',
    kinds: {
      import_ready: '"%{name}" sistem dönemi yüklendi',
      import_failed: '"%{name}" sistem döneminin yüklemesi başarısız oldu',
      ruleset_ready: '"%{name}" risk dönemine kural seti yüklendi',
      ruleset_failed: '"%{name}" risk döneminin kural seti yüklemesi başarısız oldu',
      analysis_completed: '"%{name}" analizi tamamlandı',
      analysis_failed: '"%{name}" analizi başarısız oldu',
      acceptance_expiring: '%{riskId} riskinin onayı (%{holder}) %{validTo} tarihinde sona eriyor',
      acceptance_expiring_global: '%{riskId} riskinin genel onayı %{validTo} tarihinde sona eriyor',
      other: 'Yeni bildirim',
    },
  },
  settings: { demoApps: 'Demo uygulamalarını göster' },
};

const en: typeof tr = {
  notifications: {
    title: 'Notifications',
    empty: 'No notifications',
    mark_all_read: 'Mark all as read',
    unread: 'unread',
    kinds: {
      import_ready: 'System period "%{name}" imported',
      import_failed: 'The import of system period "%{name}" failed',
      ruleset_ready: 'Ruleset imported into risk period "%{name}"',
      ruleset_failed: 'The ruleset import of risk period "%{name}" failed',
      analysis_completed: 'Analysis "%{name}" completed',
      analysis_failed: 'Analysis "%{name}" failed',
      acceptance_expiring: 'The acceptance of risk %{riskId} (%{holder}) expires on %{validTo}',
      acceptance_expiring_global: 'The global acceptance of risk %{riskId} expires on %{validTo}',
      other: 'New notification',
    },
  },
  settings: { demoApps: 'Show the demo apps' },
};

const de: typeof tr = {
  notifications: {
    title: 'Benachrichtigungen',
    empty: 'Keine Benachrichtigungen',
    mark_all_read: 'Alle als gelesen markieren',
    unread: 'ungelesen',
    kinds: {
      import_ready: 'Systemperiode „%{name}“ importiert',
      import_failed: 'Der Import der Systemperiode „%{name}“ ist fehlgeschlagen',
      ruleset_ready: 'Regelwerk in die Risikoperiode „%{name}“ importiert',
      ruleset_failed: 'Der Regelwerksimport der Risikoperiode „%{name}“ ist fehlgeschlagen',
      analysis_completed: 'Analyse „%{name}“ abgeschlossen',
      analysis_failed: 'Analyse „%{name}“ fehlgeschlagen',
      acceptance_expiring: 'Die Akzeptanz des Risikos %{riskId} (%{holder}) läuft am %{validTo} ab',
      acceptance_expiring_global: 'Die globale Akzeptanz des Risikos %{riskId} läuft am %{validTo} ab',
      other: 'Neue Benachrichtigung',
    },
  },
  settings: { demoApps: 'Demo-Apps anzeigen' },
};

export const notificationMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: tr },
  en: { segra: en },
  de: { segra: de },
};
