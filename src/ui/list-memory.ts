// A long list's place in this tab's history (sessionStorage, per history entry): its scroll position and
// how many items "Show more" had revealed, so Back to the list lands where the visitor left it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_PREFIX = 'list-memory:';

interface ListMemory {
  scroll_y: number;
  shown: number;
}

function readMemory(historyKey: string): ListMemory | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + historyKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { scroll_y, shown } = value as Record<string, unknown>;
    return typeof scroll_y === 'number' && typeof shown === 'number' ? { scroll_y, shown } : null;
  } catch {
    return null;
  }
}

function writeMemory(historyKey: string, memory: ListMemory): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + historyKey, JSON.stringify(memory));
  } catch {
    // Storage full or blocked: Back then starts at the top, nothing worse.
  }
}

/**
 * How many of a list's items to draw (`step` more per showMore), remembered with the scroll position for
 * this history entry; on Back (a POP) both come back once `ready` says the list is drawn. `filterKey`
 * names the current filters: a change starts again at one step.
 */
export function useListMemory(ready: boolean, step: number, filterKey: string) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [restored] = useState(() => (navigationType === 'POP' ? readMemory(location.key) : null));
  const [shown, setShown] = useState({ filterKey, count: Math.max(step, restored?.shown ?? step) });
  const count = shown.filterKey === filterKey ? shown.count : step;

  const latest = useRef({ historyKey: location.key, count });
  useLayoutEffect(() => {
    latest.current = { historyKey: location.key, count };
  });

  // Saved on scroll (once a frame) rather than on leaving: by then the next page may have moved the scroll.
  useLayoutEffect(() => {
    let frame = 0;
    let listening = true;
    const save = () => {
      frame = 0;
      if (listening) writeMemory(latest.current.historyKey, { scroll_y: window.scrollY, shown: latest.current.count });
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      // Runs in the commit that leaves the page, before the shorter page's scroll event can overwrite it.
      listening = false;
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    writeMemory(location.key, { scroll_y: window.scrollY, shown: count });
  }, [location.key, count]);

  const restoredOnce = useRef(false);
  useLayoutEffect(() => {
    if (!ready || restoredOnce.current) return;
    restoredOnce.current = true;
    if (restored) window.scrollTo(0, restored.scroll_y);
  }, [ready, restored]);

  return { shown: count, showMore: () => setShown({ filterKey, count: count + step }) };
}
