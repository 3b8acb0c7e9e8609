// The visible texts of "Add to calendar", Share and the QR code, in one place
// so the screens and their tests use the same words.

export const CALENDAR_TEXTS = {
  /** The button on one session. */
  addSession: 'Add to calendar',
  /** That button's accessible name: its visible text, then which session. */
  addSessionLabel: (title: string) => `Add to calendar: ${title}`,
  /** The button on an event page, for its whole programme. */
  addEvent: 'Add all sessions to calendar',
  /** The button on /my-show, for every starred session still in the show. */
  addMySessions: 'Add all my sessions to calendar',
  /** Said in the live region once the file is handed to the browser. */
  saved: 'Calendar file saved: open it to add the sessions to your calendar.',
} as const;

export const SHARE_TEXTS = {
  share: 'Share',
  copyLink: 'Copy link',
  copied: 'Link copied',
  /** Neither sharing nor the clipboard is available: the link is shown to copy by hand. */
  copyByHand: 'Copy this link:',
  showQr: 'Show QR code',
  hideQr: 'Hide QR code',
  qrLabel: (url: string) => `QR code of the link ${url}`,
  qrHint: 'Let another visitor scan this code with their phone camera to open this page.',
} as const;
