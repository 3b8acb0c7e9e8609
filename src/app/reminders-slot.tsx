// The in-app reminder of "My show" on every page: a starred session starting within 10
// minutes shows a banner wherever the visitor is; and the starred cats' notices (called to a ring, placed).
// Their chunks (the favourites, the rules) load once the first screen has shown (startup.ts), so the first
// route carries only this slot.
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

const SessionReminders = lazy(() => import('../features/my-show/session-reminders.tsx').then((m) => ({ default: m.SessionReminders })));
// The notices notify with the permission My show's reminders asked for, never asking anew: the shell joins the two.
const RingNotices = lazy(async () => {
  const [{ RingNotices: Notices }, { notificationStanding }] = await Promise.all([
    import('../features/rings/ring-notices.tsx'),
    import('../features/my-show/reminder-setting.ts'),
  ]);
  const notificationsOn = () => notificationStanding() === 'on';
  return { default: () => <Notices notificationsOn={notificationsOn} /> };
});

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
    console.warn('The session reminders or ring notices could not load', error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function RemindersSlot() {
  const on = useSyncExternalStore(subscribe, () => started);
  // One stack at the foot of the screen, so a reminder and a ring notice at once sit one above the other.
  return on ? (
    <div className="page-notices">
      <QuietBoundary>
        <Suspense fallback={null}>
          <SessionReminders />
        </Suspense>
      </QuietBoundary>
      <QuietBoundary>
        <Suspense fallback={null}>
          <RingNotices />
        </Suspense>
      </QuietBoundary>
    </div>
  ) : null;
}
