/// <reference types="vite/client" />

/** True when the app was started with `npm run demo` (`vite --mode demo`). */
export function isDemoMode(mode: string = import.meta.env.MODE): boolean {
  return mode === 'demo';
}
