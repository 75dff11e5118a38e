import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's inner width, updated on resize (menu breakpoints, spec 9). */
export const useWindowWidth = (): number => useSyncExternalStore(subscribe, () => window.innerWidth, () => 1920);
