// Every visible text of the judging as visitors follow it (/rings, /results, a cat's calls and awards, the
// catalogue's marks, the starred cats' notices), in one place the tests import.
import type { CallStatus } from '../../shared/row-schemas.ts';

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const VISITORS_CHOICE = "Visitor's Choice";

/** A result's award as visitors read it: Visitor's Choice winners carry the poll's name, whatever the row's award. */
const awardName = (r: { award: string; kind: string }) => (r.kind === 'visitors_choice' ? VISITORS_CHOICE : r.award);

export const JUDGING_TEXTS = {
  ringsTitle: 'Rings',
  /** Home's "Now at the show" and an event's page link the rings and the results. */
  homeRingsLink: 'In the rings',
  eventRingsLink: 'In the rings: who is called now',
  eventResultsLink: 'Results',
  ringsHeading: 'In the rings',
  ringsLoading: 'Loading the rings…',
  ringsFailed: 'Failed to load the rings',
  resultsTitle: 'Results',
  resultsHeading: 'Results',
  resultsLoading: 'Loading the results…',
  resultsFailed: 'Failed to load the results',
  eventLabel: 'Show',
  noEvent: 'There is no show on now or coming up.',
  noRings: 'This show has no rings on its schedule.',
  /** A ring with nobody at it. */
  nobodyCalled: 'No cats called right now.',
  noResults: 'No results have been published yet.',
  ringNoResults: 'No results from this ring yet.',
  /** The headings inside a ring's card. */
  calledHeading: 'Called and judging',
  scheduleHeading: 'On the schedule',
  lastResultsHeading: 'Last results',
  allResults: 'All results',
  /** The ring's schedule: what is on now and next. */
  onNow: 'On now',
  upNext: 'Up next',
  laterToday: 'Later',
  nothingScheduled: 'Nothing more on the schedule.',
  /** A call's state in words with its time at the venue: "Called 14:02", "Judging since 14:05". */
  callState: (status: CallStatus, time: string): string => (status === 'called' ? `Called ${time}` : status === 'judging' ? `Judging since ${time}` : `Done ${time}`),
  /** A call's cats: "3 cats" after its label. */
  callCats: (n: number) => (n === 1 ? '1 cat' : `${n} cats`),
  /** A number the catalogue lacks (the mirror is still filling). */
  unknownCat: 'Not in the catalogue yet',
  /** /results' groups. */
  visitorsChoice: VISITORS_CHOICE,
  showAwards: 'Show awards',
  ringHeading: (ring: string) => ring,
  awardName,
  /** A place, or the award's own word when it has none. */
  place: (place: number | null) => (place === null ? 'Awarded' : ordinal(place)),
  judge: (judge: string) => `Judge: ${judge}`,
  /** How old the state shown is: live, or the time of the last successful pull. */
  live: 'Live: calls and results appear here within seconds.',
  ageLine: (online: boolean, time: string) => (online ? `Last updated ${time}` : `Offline: the last known state, as of ${time}`),
  notSyncedYet: 'Not updated yet: waiting for the network.',
  /** A cat's page. */
  catCallsHeading: 'In the ring',
  catAwardsHeading: 'Awards',
  catCall: (ring: string, status: CallStatus, time: string) => `${ring}: ${JUDGING_TEXTS.callState(status, time)}`,
  /** "1st, Best Kitten — Ring 3, judge Anna Berg"; a Visitor's Choice winner names no ring or judge. */
  catAward: (r: { award: string; kind: string; place: number | null; ring: string | null; judge: string | null }) =>
    [`${r.place === null ? '' : `${ordinal(r.place)}, `}${awardName(r)}`, [r.ring, r.judge && `judge ${r.judge}`].filter(Boolean).join(', ')].filter(Boolean).join(' — '),
  /** The catalogue line's marks. */
  markCalled: (ring: string) => `Called to ${ring}`,
  markJudging: (ring: string) => `Judging in ${ring}`,
  markPlaced: 'Placed',
  markAwarded: 'Awarded',
  /** The starred cats' notices. */
  noticeLabel: 'Your starred cat',
  noticeCalled: (number: string, name: string, ring: string) => `${number} ${name} is called to ${ring}`,
  noticeJudging: (number: string, name: string, ring: string) => `${number} ${name} is being judged in ${ring}`,
  /** "52 Bella placed 1st — Best Kitten, Ring 3"; without a place: "52 Bella awarded EX1 — Ring 3". */
  noticeResult: (number: string, name: string, r: { award: string; kind: string; place: number | null; ring: string | null }) =>
    r.place === null
      ? `${number} ${name} awarded ${awardName(r)}${r.ring ? ` — ${r.ring}` : ''}`
      : `${number} ${name} placed ${ordinal(r.place)} — ${awardName(r)}${r.ring ? `, ${r.ring}` : ''}`,
  noticeDismiss: 'Dismiss',
  notificationCallTitle: 'Called to the ring',
  notificationResultTitle: 'A result for your cat',
} as const;
