// SPEC texts (§5, §6, §8) that more than one module shows or sends: the screens, the outbox, the service
// worker and the Edge Functions import them from here, so the copies cannot drift apart. Texts one
// module alone uses stay with it; the password texts are in password.ts, next to their rule.

/** SPEC §8 "Vote, other errors": a failure's own message, else this. */
export const ERROR_FALLBACK = 'An error occurred';

/** The Visitor's Choice form (SPEC §5) and its send (SPEC §8). */
export const VOTE_MESSAGES = {
  required: 'Please fill in all required fields',
  contact: 'Please provide either an email address or phone number',
  email: 'Please enter a valid email address',
  noActiveEvent: 'No active event found',
  duplicate: 'This email address has already been used to vote in this event',
  /** Not in SPEC: submit_votes refuses an event after its grace day (code 'event_closed'). */
  closed: 'Voting for this event has closed',
  /**
   * Not in SPEC: a number that is not in the catalogue of the event voted in, when it has one; the form says
   * it before sending, and submit_votes refuses it (code 'unknown_entry') in the same words.
   */
  unknownEntry: 'Please check the catalog number: it is not in the show catalogue',
  failed: ERROR_FALLBACK,
} as const;

/** Account texts the screens and the send-verification function share (SPEC §5, §6). */
export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Invalid email address',
  profileNotFound: 'User profile not found. Please try registering again.',
  userEmailNotFound: 'User email not found. Please try logging in again.',
  /**
   * Not in SPEC: sign-in, registration, a password reset or a profile save tried without a connection
   * (offline, or no answer before the deadline), instead of the browser's "Failed to fetch".
   */
  connectionNeeded: 'This needs a connection to the show server. You seem to be offline: check your Wi-Fi or mobile data and try again.',
} as const;

/** A coupon request (SPEC §8), as the voucher screen, the outbox and the send-coupon function word it. */
export const COUPON_MESSAGES = {
  failed: 'Failed to send coupon email. Please try again later.',
  noEmail: ACCOUNT_MESSAGES.userEmailNotFound,
  signInAgain: 'Sign in again to send this coupon request.',
  /** Not in SPEC (§6 says only "signed-in"): send-coupon refuses accounts whose e-mail is not verified (403). */
  notVerified: 'Please verify your email address before requesting a coupon. Use the link in the e-mail we sent you, then try again.',
  /**
   * Not in SPEC: one coupon per advertiser and voucher type. Older builds got it as a 409 and keep it on
   * refused outbox items; send-coupon now answers a second request with the coupon already issued.
   */
  alreadySent: 'This coupon has already been sent to your email.',
} as const;

/** Not in SPEC: the "Resend verification e-mail" button, on the account screens and on a voucher. */
export const VERIFICATION_MAIL_MESSAGES = {
  resend: 'Resend verification e-mail',
  sending: 'Sending...',
  sent: 'Verification e-mail sent',
  failed: 'Failed to send verification e-mail',
} as const;

/**
 * Not in SPEC: under the header when the page is not a secure context (plain http:// on a name
 * other than localhost). Browsers then give it no service worker: no offline reload, no install. The app
 * cannot know the show's https:// address for sure, so the text points to where the organiser prints it.
 */
export const INSECURE_ORIGIN_NOTICE = {
  title: 'Offline use needs the https:// address',
  body: 'Browsing and voting work while you are connected, but over plain http:// this page cannot work offline or be installed as an app. Open the show’s https:// address instead: it is on the posters and QR codes.',
  dismiss: 'Dismiss',
} as const;

/** The organiser console (not in SPEC). */
export const ORGANISER_MESSAGES = {
  notOrganiser:
    'This page is for the show’s organisers. Ask an organiser to give your account the organiser role (npm run organiser -- add <your e-mail>), then sign in again.',
  notRingClerk:
    'This page is for the show’s ring clerks and organisers. Ask an organiser to make your account a ring clerk (in the console, or npm run organiser -- add-clerk <your e-mail>), then sign in again.',
} as const;

/**
 * Why an outbox item is not sent (yet), as the drain stores it in the item's `errorCode`; the screens turn
 * it into words with outboxFailureText. `other`: a failure the app has no code for, in the words of the
 * server (or of the exception) kept in `lastError`.
 */
export type OutboxFailureCode =
  | 'already_voted'
  | 'event_closed'
  | 'unknown_entry'
  | 'unverified'
  | 'no_email'
  | 'coupon_failed'
  | 'coupon_already_sent'
  | 'sign_in_again'
  | 'offline'
  | 'timeout'
  | 'function_missing'
  | 'bad_answer'
  | 'unknown'
  | 'other';

/** The words for each code (SPEC §8 where SPEC has them); null: the item's own words (`lastError`). */
export const OUTBOX_FAILURE_TEXT: Readonly<Record<OutboxFailureCode, string | null>> = {
  already_voted: VOTE_MESSAGES.duplicate,
  event_closed: VOTE_MESSAGES.closed,
  unknown_entry: VOTE_MESSAGES.unknownEntry,
  unverified: COUPON_MESSAGES.notVerified,
  no_email: COUPON_MESSAGES.noEmail,
  coupon_failed: COUPON_MESSAGES.failed,
  coupon_already_sent: COUPON_MESSAGES.alreadySent,
  sign_in_again: COUPON_MESSAGES.signInAgain,
  offline: 'Could not reach the server',
  timeout: 'The server took too long to answer',
  function_missing: 'The server cannot take this yet',
  bad_answer: 'The server gave an unexpected answer',
  unknown: ERROR_FALLBACK,
  other: null,
};

const CODE_OF_TEXT: ReadonlyMap<string, OutboxFailureCode> = new Map(
  Object.entries(OUTBOX_FAILURE_TEXT).flatMap(([code, text]) => (text === null ? [] : [[text, code as OutboxFailureCode]])),
);

/** The code of words the app knows (the server sends some of the same texts); `other` for any other words. */
export function failureCodeOfText(text: string): OutboxFailureCode {
  return CODE_OF_TEXT.get(text) ?? 'other';
}

/**
 * An outbox item's failure, as stored: items queued by builds before codes hold only the words in
 * `lastError`; newer ones hold `errorCode`, and the words too for those builds (docs/SYNC-COMPATIBILITY.md).
 */
export interface StoredOutboxFailure {
  errorCode?: string | null;
  lastError: string | null;
}

const isOutboxFailureCode = (code: string): code is OutboxFailureCode => Object.hasOwn(OUTBOX_FAILURE_TEXT, code);

/** The item's failure code, from its code or, on an item stored before codes, from its words; null: none. */
export function outboxFailureCode(item: StoredOutboxFailure): OutboxFailureCode | null {
  // A code from a newer build (after a rollback) that this one does not know: its stored words.
  if (item.errorCode) return isOutboxFailureCode(item.errorCode) ? item.errorCode : 'other';
  return item.lastError ? failureCodeOfText(item.lastError) : null;
}

/** The words to show for the item's failure; null when it has none. A code this build does not know shows the stored words. */
export function outboxFailureText(item: StoredOutboxFailure): string | null {
  const code = outboxFailureCode(item);
  if (code === null) return null;
  return OUTBOX_FAILURE_TEXT[code] ?? item.lastError ?? ERROR_FALLBACK;
}
