// When the first screen shows its data: what the page may load after it (supabase-js, the service worker's
// precache) waits for this, so that on a first visit the screen's render and pictures go first.
import { useEffect } from 'react';

/**
 * No service worker controls the page: a first visit (or one without a service worker), whose screens
 * wait for the network anyway. Its renders go in short slices, to keep a slow phone responsive. A repeat
 * visit renders at once, so the saved show paints as early as it can.
 */
export const sliceRenders: boolean = !globalThis.navigator?.serviceWorker?.controller;

let markShown!: () => void;
const shown = new Promise<void>((resolve) => (markShown = resolve));
/** Screens on view that are still waiting for their mirror data. */
let waiting = 0;

/** Screens call this with true once their data (or its error) has rendered. */
export function useFirstScreenShown(rendered: boolean): void {
  useEffect(() => {
    if (rendered) {
      markShown();
      return;
    }
    waiting++;
    return () => {
      waiting--;
    };
  }, [rendered]);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the first screen has shown its data and the main thread is idle. A screen that shows no
 * mirror data (sign-in, About) gets it `fallbackMs` after `firstPull`; a screen still waiting for its
 * data then, as on a slow or busy phone, is waited for up to `atMostMs` after `firstPull`.
 */
export function afterFirstScreen(firstPull: Promise<void>, fallbackMs = 3_000, atMostMs = 20_000): Promise<void> {
  const fallback = firstPull.then(async () => {
    await delay(fallbackMs);
    if (waiting > 0) await delay(atMostMs - fallbackMs);
  });
  return Promise.race([shown, fallback]).then(whenIdle);
}

/** After the next frame, once the main thread is idle (at most 2 s later). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 200);
    }),
  );
}
