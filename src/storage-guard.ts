/**
 * Where the browser refuses site storage, merely reading `window.localStorage` throws a
 * SecurityError, and react-admin's store reads it when its module loads, leaving a blank page.
 * Imported first by main.tsx, so it runs before any other module: it hides the throwing
 * property, and react-admin then keeps its state in memory (its own fallback for a missing
 * storage) while the app says that settings will not be kept (src/theme/persist.ts).
 */
try {
  void window.localStorage;
} catch {
  try {
    Object.defineProperty(window, 'localStorage', { value: undefined, configurable: true });
  } catch {
    // Not redefinable here: nothing more can be done before the app starts.
  }
}
export {};
