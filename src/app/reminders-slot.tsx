// The in-app reminder of "My show" (issue 20 part 3) on every page: a starred session starting within 10
// minutes shows a banner wherever the visitor is. Its chunk (the favourites, the reminder rule) loads once
// the first screen has shown (startup.ts), so the first route carries only this slot.
import { lazy, Suspense, useSyncExternalStore } from 'react';

const SessionReminders = lazy(() => import('../features/my-show/session-reminders.tsx').then((m) => ({ default: m.SessionReminders })));

let started = false;
const listeners = new Set<() => void>();

/** Called by the start-up once the first screen has shown. */
export function startReminders(): void {
  started = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

export function RemindersSlot() {
  const on = useSyncExternalStore(subscribe, () => started);
  return on ? (
    <Suspense fallback={null}>
      <SessionReminders />
    </Suspense>
  ) : null;
}
