// The visible texts of "My show": the star, the /my-show screen and the in-app
// reminder, in one place so screens and tests share them.

/** The star's accessible names; the visible text is the same without the name (STAR_VISIBLE). */
export const starAddText = (name: string): string => `Add ${name} to My show`;
export const starRemoveText = (name: string): string => `Remove ${name} from My show`;
/** The star's words on screen, split around the row's name (which only a screen reader hears). */
export const STAR_VISIBLE = {
  add: ['Add', 'to My show'],
  remove: ['Remove', 'from My show'],
} as const;

export const MY_SHOW_TEXTS = {
  heading: 'My show',
  intro: 'What you starred, kept on this phone: no account needed, and it works offline.',
  emptyTitle: 'Nothing starred yet',
  empty:
    'Press “Add to My show” on a cat, breed, cattery, litter, event, advertiser or session and it is listed here, on this phone only. Press it again (“Remove from My show”) to take it off.',
  sessions: 'Sessions',
  cats: 'Cats',
  /** "52 · GIC Amberlight's Tiger Lily". */
  catOf: (number: string, name: string) => `${number} · ${name}`,
  litters: 'Litters',
  catteries: 'Catteries',
  breeds: 'Breeds',
  events: 'Events',
  advertisers: 'Pet products',
  gone: 'No longer in the show',
  remove: 'Remove',
  happeningNow: 'Happening Now',
  upNext: 'Up Next',
  ended: 'Ended',
  loading: 'Loading My show...',
  failed: 'Failed to load My show',
  litterOf: (breed: string | null) => (breed ? `${breed} litter` : 'Litter'),
} as const;

/** The in-app reminder of a starred session (on every page while the app is open) and the system notifications the visitor may turn on. */
export const REMINDER_TEXTS = {
  /** "Starting at 14:00 in Ring 1: Best in Show". */
  banner: (title: string, time: string, location: string | null) => `Starting at ${time}${location ? ` in ${location}` : ''}: ${title}`,
  label: 'Reminder',
  dismiss: 'Dismiss reminder',
  notificationTitle: (title: string) => `${title} starts soon`,
  notificationBody: (time: string, location: string | null) => `At ${time}${location ? `, ${location}` : ''}`,
  turnOn: 'Turn on reminders',
  turnOff: 'Turn off reminders',
  explain: 'While this page is open, a starred session starting within 10 minutes shows a reminder here. Turn on reminders to get a phone notification too.',
  on: 'Reminders are on: a notification comes 10 minutes before a starred session while this page is open.',
  off: 'Reminders show in the app only.',
  blocked: 'Notifications are blocked for this site in the browser’s settings; reminders show in the app only.',
  unsupported: 'This browser cannot show notifications; reminders show in the app only.',
} as const;

/** The calendar subscription on /my-show: an address the phone's calendar polls (supabase/functions/calendar). */
export const SUBSCRIPTION_TEXTS = {
  heading: 'A calendar that follows changes',
  explain:
    'Subscribe and your phone’s calendar keeps your starred sessions up to date by itself: when the organiser moves or cancels one, the calendar changes too, the next time it checks (calendar apps check every 15 minutes to a few hours). “Add all my sessions to calendar” still saves a file instead: a snapshot that stays as it was saved.',
  subscribe: 'Subscribe in your calendar',
  copy: 'Copy calendar address',
  copied: 'Calendar address copied: paste it where your calendar app adds a calendar from a URL (for example “From URL” in Google Calendar).',
  copyByHand: 'Copy this calendar address:',
  /** Said under the buttons: the address names the sessions, so starring changes it. */
  starredChanges:
    'The address names the sessions you have starred now. Star or remove a session and the address changes: subscribe again, then delete the old calendar in your calendar app.',
  /** The visitor subscribed (or copied the address) on this phone, and has starred or removed sessions since. */
  changedSince: 'Your starred sessions have changed since you last subscribed on this phone: subscribe again to follow the new list.',
  tooMany: (starred: number, most: number) =>
    `A calendar subscription holds at most ${most} sessions and you have starred ${starred}: remove some to subscribe. The file still holds them all.`,
} as const;
