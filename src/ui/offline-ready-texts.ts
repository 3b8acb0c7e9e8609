// The words of the first visit's two phases (src/app/offline-ready.ts, shared/precache.ts): the moment the
// phone holds every critical screen, and a screen of the second phase opened before its files arrived.

export const OFFLINE_READY_TEXTS = {
  /** Said once the phone is offline-ready: every critical screen opens with the network gone. */
  ready: 'Ready for offline use',
  /** After `ready` in "Ready for the hall": what that means for the visitor. */
  readyDetail: 'The breeds, the catalogue, the schedule, the rings and results, the vote and My show open on this phone with no connection.',
  /** "Ready for the hall" before the moment. */
  notReady: 'Not ready for offline use yet: keep the app open while the phone is online.',
  /** "Ready for the hall" where the browser keeps no offline copy (no service worker: plain http:// on a hall name). */
  unavailable: 'This address cannot keep the app on the phone for offline use: it needs a connection.',
  /** A screen whose files this phone does not hold yet (the second phase, or a build it has not loaded). */
  notArrivedHeading: 'This screen is not on this phone yet',
  notArrived:
    'It arrives with the rest of the app while the phone is online. The breeds, the catalogue, the schedule, the rings and results, the vote and My show already work offline.',
  tryAgain: 'Try again',
} as const;

/** The performance mark the page sets at the moment (src/app/offline-ready.ts); the bench and the e2e wait for it. */
export const OFFLINE_READY_MARK = 'offline-ready';
