// The ring-side screen's words (/organiser/rings), and the console's "Ring clerks" section.
import type { CallStatus } from '../../data/mirror.ts';

export const RING_SIDE_TEXTS = {
  title: 'Ring side',
  navLabel: 'Ring side',
  intro: 'Calls and results are saved on this device first and sent when there is a connection, each once and in order.',
  noEvent: 'No show is running or coming up. Import a show first (npm run show -- import).',
  noRings: 'This show’s schedule names no rings yet, so no cats can be called.',
  loading: 'Loading the rings…',
  ringLabel: 'Ring',
  ringHint: 'Remembered on this device.',
  clerkHere: 'Your account is a ring clerk’s: you call cats and record results on the ring-side screen.',
  openRingSide: 'Open the ring-side screen',

  // Calling cats
  callTitle: 'Call cats',
  numbersLabel: 'Catalogue numbers',
  numbersHint: 'Numbers or ranges, e.g. 251-256, 260',
  callLabelLabel: 'What they are called by (optional)',
  callLabelHint: 'e.g. Shorthair kittens',
  call: 'Call',
  callAction: (numbers: string, ring: string) => `Call ${numbers} to ${ring}`,
  absent: 'absent',
  cats: (n: number) => `${n} ${n === 1 ? 'cat' : 'cats'}`,
  noCatalogue: 'This show has no catalogue on this device yet, so numbers cannot be checked.',

  // The ring's calls
  callsTitle: (ring: string) => `Calls to ${ring}`,
  noCalls: 'No cats called to this ring yet.',
  calledAt: (time: string) => `called ${time}`,
  judging: 'Judging',
  done: 'Done',
  withdraw: 'Withdraw',
  withdrawn: 'Withdrawn',
  statusAction: (status: CallStatus, numbers: string) =>
    status === 'judging' ? `Judging ${numbers}` : status === 'done' ? `Done ${numbers}` : `Called again ${numbers}`,
  withdrawCallAction: (numbers: string, ring: string) => `Withdraw the call of ${numbers} to ${ring}`,
  confirmWithdrawCall: (numbers: string) => `Withdraw the call of ${numbers}? Visitors stop seeing it.`,
  callActions: (numbers: string) => `Call ${numbers}`,

  // Results
  recordTitle: 'Record a result',
  awardLabel: 'Award',
  awardHint: 'As the show names it, e.g. Best Kitten, EX1, NOM',
  placesLegend: 'Places',
  withPlaces: 'Places: numbers in place order (a final)',
  withoutPlaces: 'No places (EX1, NOM, a certificate)',
  judgeLabel: 'Judge (optional)',
  judgeHint: 'Remembered on this device.',
  resultNumbersHint: (places: boolean) => (places ? 'In place order: first place first' : 'Numbers or ranges, e.g. 251-256'),
  record: 'Record',
  recordAction: (award: string, ring: string) => `Record ${award} in ${ring}`,
  correcting: (award: string) => `Correcting ${award}: recording it again replaces its places.`,
  cancelCorrect: 'Cancel',
  noAward: 'Name the award (e.g. Best Kitten, EX1).',

  draftsTitle: (ring: string) => `Drafts of ${ring}`,
  noDrafts: 'No draft results in this ring.',
  draftsOffline: 'Offline: drafts recorded on other devices are not shown until the connection returns.',
  draftsFailed: (reason: string) => `Drafts recorded on other devices could not be read: ${reason}`,
  correct: 'Correct',
  publish: 'Publish',
  publishAll: (ring: string) => `Publish all of ${ring}`,
  publishAction: (award: string, ring: string) => `Publish ${award} in ${ring}`,
  publishAllAction: (ring: string) => `Publish all of ${ring}`,
  withdrawResultAction: (award: string, ring: string) => `Withdraw ${award} in ${ring}`,
  confirmWithdrawResult: (award: string) => `Withdraw ${award}? It is taken from every cat in this ring.`,
  confirmYes: 'Yes, withdraw',
  confirmBack: 'Back',
  place: (n: number) => `${n}.`,
  judgeBy: (judge: string) => `Judge: ${judge}`,

  publishedTitle: (ring: string) => `Published in ${ring}`,
  noPublished: 'Nothing published in this ring yet.',
  publishedAt: (time: string) => `published ${time}`,
} as const;

/** A call's state in words. */
export const CALL_STATUS_TEXT: Record<CallStatus, string> = { called: 'Called', judging: 'Judging', done: 'Done' };

/** The console's "Ring clerks" section (organisers only). */
export const RING_CLERKS_TEXTS = {
  title: 'Ring clerks',
  intro: 'Ring clerks call cats and record results on the ring-side screen, and nothing else. They register in the app first.',
  none: 'No ring clerks yet.',
  emailLabel: 'E-mail of a registered account',
  add: 'Add ring clerk',
  remove: 'Remove',
  removeLabel: (email: string) => `Remove ${email} as ring clerk`,
  added: (email: string) => `${email} is now a ring clerk. They see the ring-side screen after they sign in again.`,
  removed: (email: string) => `${email} is no longer a ring clerk.`,
  offline: 'Offline: ring clerks can be listed, added and removed when the connection returns.',
  loading: 'Loading the ring clerks…',
  failed: (reason: string) => `Could not read the ring clerks: ${reason}`,
} as const;
