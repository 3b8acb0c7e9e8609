// The app's routes as links (SPEC §2): every screen, the e-mails the venue server and the Edge Functions
// send, and the seed build them here, so a link has one shape and one encoding. A path parameter is
// percent-encoded whole; a same-app path carried in a query (?returnUrl=, ?next=) is percent-encoded
// with its slashes left readable ("?returnUrl=/litters/7").

import { CALENDAR_FEED, feedSessionIds } from './calendar-feed.ts';

/** The /catteries/{catteryName} slug (SPEC §2): lowercase, non-alphanumerics removed, spaces to hyphens. */
export function catterySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ +/g, '-');
}

/** A same-app path as a query value: percent-encoded, slashes kept ("/breeds/MCO" stays readable). */
export function pathParam(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** The id of a session's entry in its event's programme, the target of a schedule link. */
export const sessionAnchor = (sessionId: number): string => `session-${sessionId}`;

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The id of a group on /results: a ring's name ("Ring 3" → results-ring-3), "show" or "visitors-choice". */
export const resultsAnchor = (group: string): string =>
  `results-${group
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** What a floor plan opens centred on: one place, or pens (their rows, each pen's slice highlighted). */
export type FloorPlanFocus = { place: number } | { pens: readonly string[] };

/** The ?place= / ?pen= of a floor plan link (pens comma-separated: a pen is letters and digits). */
function floorPlanQuery(focus: FloorPlanFocus | undefined): string {
  if (!focus) return '';
  if ('place' in focus) return `?place=${segment(focus.place)}`;
  return focus.pens.length === 0 ? '' : `?pen=${focus.pens.map(segment).join(',')}`;
}

export const paths = {
  breed: (abbreviation: string) => `/breeds/${segment(abbreviation)}`,
  /** A cattery page whose Back button returns to `returnUrl` (a same-app path). */
  cattery: (catteryName: string, returnUrl?: string) => `/catteries/${catterySlug(catteryName)}${returnUrl === undefined ? '' : `?returnUrl=${pathParam(returnUrl)}`}`,
  litter: (id: number) => `/litters/${segment(id)}`,
  event: (id: number) => `/events/${segment(id)}`,
  /** A session's place in its event's programme (the event page scrolls to the anchor). */
  eventSession: (eventId: number, sessionId: number) => `/events/${segment(eventId)}#${sessionAnchor(sessionId)}`,
  advertiser: (id: number) => `/pet-products/${segment(id)}`,
  /** The catalogue of the show on now, or of one event. */
  catalogue: (eventId?: number) => (eventId === undefined ? '/catalogue' : `/catalogue/${segment(eventId)}`),
  /** One cat's page: its event and its catalogue number as printed ("52A"); pen cards' QR codes point here. */
  catalogueEntry: (eventId: number, catalogueNumber: string) => `/catalogue/${segment(eventId)}/${segment(catalogueNumber)}`,
  /** The floor plan of the show on now, or of one event, opened on a place or pens when given. */
  floorPlan: (eventId?: number, focus?: FloorPlanFocus) => `${eventId === undefined ? '/floor-plan' : `/floor-plan/${segment(eventId)}`}${floorPlanQuery(focus)}`,
  /** Every ring of the show on now, or of one event: who is called and judged, what is next, the last results. */
  rings: (eventId?: number) => (eventId === undefined ? '/rings' : `/rings/${segment(eventId)}`),
  /** The published results of the show on now, or of one event, at a group when given (a ring's, "show", "visitors-choice"). */
  results: (eventId?: number, group?: string) =>
    `${eventId === undefined ? '/results' : `/results/${segment(eventId)}`}${group === undefined ? '' : `#${resultsAnchor(group)}`}`,
  /** Visitor's Choice, with a catalogue number filled in when given ("Vote for this cat"). */
  visitorsChoice: (catalogueNumber?: string) => (catalogueNumber === undefined ? '/visitors-choice' : `/visitors-choice?number=${segment(catalogueNumber)}`),
  /** The cat show glossary, opened on one entry when given (its id: "cacib"). */
  glossary: (entryId?: string) => (entryId === undefined ? '/glossary' : `/glossary#${segment(entryId)}`),
  /** The ring-side screen of ring clerks and organisers. */
  ringSide: '/organiser/rings',
  /** Sign-in, then on to `next` (a same-app path). */
  login: (next?: string) => (next === undefined ? '/login' : `/login?next=${pathParam(next)}`),
  /** The mailed activation link (SPEC §2 /activate-account?token=…); `siteUrl` is where the PWA is served. */
  activateAccount: (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, '')}/activate-account?token=${segment(token)}`,
  /** The calendar feed of these sessions (supabase/functions/calendar), under the backend's URL (SUPABASE_URL). */
  calendarFeed: (supabaseUrl: string, sessionIds: Iterable<number>) =>
    `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${CALENDAR_FEED.functionName}?sessions=${feedSessionIds(sessionIds).join(',')}`,
  /** The same address for a phone's calendar app to subscribe to: webcal:// in place of https:// (or http://). */
  webcal: (url: string) => url.replace(/^https?:\/\//i, 'webcal://'),
  /** Where a password-reset e-mail's link lands (SPEC §7), under the app's root URL (origin + base path). */
  resetPassword: (appRootUrl: string) => `${appRootUrl.replace(/\/$/, '')}/reset-password`,
} as const;
