import { demoLocale, demoText, type DemoLocale } from './messages.ts';

export const BANNER_ID = 'segra-demo-banner';

/**
 * A small fixed banner (bottom left, above the page, below dialogs' toasts) saying the app runs
 * as a demo; it follows the language chosen in the app.
 */
export function mountDemoBanner(doc: Document = document): HTMLElement {
  const existing = doc.getElementById(BANNER_ID);
  if (existing) return existing;
  const el = doc.createElement('div');
  el.id = BANNER_ID;
  el.setAttribute('role', 'status');
  el.setAttribute('data-testid', 'demo-banner');
  Object.assign(el.style, {
    position: 'fixed',
    left: '12px',
    bottom: '12px',
    zIndex: '1300',
    maxWidth: 'min(560px, calc(100vw - 24px))',
    padding: '6px 12px',
    borderRadius: '8px',
    background: '#ed6c02',
    color: '#fff',
    font: '500 13px/1.4 Roboto, Helvetica, Arial, sans-serif',
    boxShadow: '0 2px 8px rgba(0,0,0,.25)',
    pointerEvents: 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  let shown: DemoLocale | null = null;
  const render = () => {
    const locale = demoLocale();
    if (locale === shown) return;
    shown = locale;
    el.lang = locale;
    el.textContent = `${demoText('segra.demo.banner', locale)} ${demoText('segra.demo.login_hint', locale)}`;
  };
  render();
  doc.body.appendChild(el);
  // The language switch writes react-admin's store in this tab (no storage event): look again now and then.
  const timer = setInterval(render, 1500);
  (el as HTMLElement & { stop?: () => void }).stop = () => clearInterval(timer);
  return el;
}
