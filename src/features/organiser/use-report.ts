// A report read live from the backend, kept fresh: asked on mount, again every `refreshMs` while the page is
// visible (and at once when it becomes visible or the network returns), and on demand. The last good answer
// stays on screen when a refresh fails; the state says so in words.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendClient } from '../../data/backend.ts';

export interface ReportState<T> {
  /** The last good answer, or undefined before the first. */
  data: T | undefined;
  /** When `data` arrived. */
  updatedAt: Date | null;
  /** The last attempt's failure, cleared by the next success. */
  error: string | null;
  /** A request is on its way. */
  loading: boolean;
  refresh: () => void;
}

/**
 * Runs `load` for `key` (a new key starts afresh, dropping the old answer). `refreshMs` null: no timer.
 * Each load gets an AbortSignal that ends when the key changes or the page unmounts.
 */
export function useReport<T>(key: string | null, load: (client: SupabaseClient, signal: AbortSignal) => Promise<T>, refreshMs: number | null): ReportState<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; updatedAt: Date | null; error: string | null; loading: boolean }>({
    key,
    data: undefined,
    updatedAt: null,
    error: null,
    loading: key !== null,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const refreshRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    setState({ key, data: undefined, updatedAt: null, error: null, loading: true });

    const schedule = () => {
      clearTimeout(timer);
      if (refreshMs !== null && document.visibilityState === 'visible') timer = setTimeout(run, refreshMs);
    };
    async function run(): Promise<void> {
      if (inFlight || controller.signal.aborted) return;
      inFlight = true;
      clearTimeout(timer);
      setState((s) => ({ ...s, loading: true }));
      try {
        const client = await backendClient();
        const data = await loadRef.current(client, controller.signal);
        if (!controller.signal.aborted) setState({ key, data, updatedAt: new Date(), error: null, loading: false });
      } catch (e) {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e), loading: false }));
      } finally {
        inFlight = false;
        if (!controller.signal.aborted) schedule();
      }
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
      else clearTimeout(timer);
    };
    refreshRef.current = () => void run();
    void run();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    };
  }, [key, refreshMs]);

  const refresh = useCallback(() => refreshRef.current(), []);
  // Until the effect has started the new key, show nothing of the old one.
  if (state.key !== key) return { data: undefined, updatedAt: null, error: null, loading: key !== null, refresh };
  return { data: state.data, updatedAt: state.updatedAt, error: state.error, loading: state.loading, refresh };
}

/** "14:03:12" on the organiser's own clock. */
export const clockTime = (at: Date): string => at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** The refresh state in words: "Updated 14:03:12", "Could not refresh: …", "Loading…". */
export function reportStatus(state: Pick<ReportState<unknown>, 'updatedAt' | 'error' | 'loading'>): string {
  if (state.error) {
    const reason = state.error.replace(/\.+$/, '');
    return `Could not refresh: ${reason}.${state.updatedAt ? ` Showing what was read at ${clockTime(state.updatedAt)}.` : ''}`;
  }
  if (state.updatedAt) return `Updated ${clockTime(state.updatedAt)}`;
  return 'Loading…';
}
