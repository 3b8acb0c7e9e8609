// Whether the visitor turned system notifications on for "My show" reminders (localStorage), and
// which reminders were already given (so each session is reminded of once).
export const REMINDERS_ON_KEY = 'my-show-reminders';
const REMINDED_KEY = 'my-show-reminded';
/** The reminded keys kept: enough for any show, bounded so the entry never grows. */
const REMINDED_LIMIT = 200;

export type NotificationStanding = 'unsupported' | 'blocked' | 'on' | 'off';

/** Where system notifications stand: never asked for here, only read. */
export function notificationStanding(): NotificationStanding {
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && localStorage.getItem(REMINDERS_ON_KEY) === 'on' ? 'on' : 'off';
}

/** Asks for permission (only ever from the visitor's press of "Turn on reminders") and turns them on when given. */
export async function turnOnReminders(): Promise<NotificationStanding> {
  if (notificationStanding() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') localStorage.setItem(REMINDERS_ON_KEY, 'on');
  return notificationStanding();
}

export function turnOffReminders(): void {
  localStorage.removeItem(REMINDERS_ON_KEY);
}

export function remindedKeys(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(REMINDED_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markReminded(keys: readonly string[]): void {
  const all = [...remindedKeys(), ...keys];
  localStorage.setItem(REMINDED_KEY, JSON.stringify([...new Set(all)].slice(-REMINDED_LIMIT)));
}
