import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the component in the browser.
 * Controls that only work with JavaScript stay disabled until then, so what is typed or chosen before
 * hydration is not lost (a real risk on a slow phone, and what a browser test does at once).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
