// The in-app reminder of "My show" on every page: a starred session starting within 10
// minutes shows a banner wherever the visitor is. Its chunk (the favourites, the reminder rule) loads once
// the first screen has shown (startup.ts), so the first route carries only this slot.
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

const SessionReminders = lazy(() => import('../features/my-show/session-reminders.tsx').then((m) => ({ default: m.SessionReminders })));

let started = false;
const listeners = new Set<() => void>();

/** Called by the start-up once the first screen has shown. */
export function startReminders(): void {
  started = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/**
 * Reminders are a helper beside the page: a chunk of theirs that cannot load (the network cut it) leaves
 * the page as it is instead of replacing the screen with an error; the next page load tries again.
 */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.warn('The session reminders could not load', error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function RemindersSlot() {
  const on = useSyncExternalStore(subscribe, () => started);
  return on ? (
    <QuietBoundary>
      <Suspense fallback={null}>
        <SessionReminders />
      </Suspense>
    </QuietBoundary>
  ) : null;
}
