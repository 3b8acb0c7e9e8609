// Every visible text of the visitor's floor plan (/floor-plan) and its "Show on the floor plan" links, in one
// place the screens and the tests import.
import type { FacilityKind, PlaceKind } from '../../shared/row-schemas.ts';

export const FLOOR_PLAN_TEXTS = {
  title: 'Floor plan',
  heading: 'Floor plan',
  loading: 'Loading the floor plan…',
  failed: 'Failed to load the floor plan',
  noEvent: 'There is no show on now or coming up.',
  noPlan: 'This show has no floor plan yet.',
  eventLabel: 'Show',
  /** The link on a cat's, cattery's, advertiser's, session's and event's page. */
  showOnPlan: 'Show on the floor plan',
  /** The link's accessible name where several sit in one list (a schedule's sessions). */
  showOnPlanLabel: (what: string) => `Show on the floor plan: ${what}`,
  mapLabel: (event: string) => `Floor plan of ${event}`,
  /** The plan's picture, while it loads and when it cannot be fetched. */
  pictureLoading: 'Loading the plan’s picture…',
  pictureFailed: 'The plan’s picture could not be loaded (it is not saved on this device, or you are offline). Every place is in the list below.',
  /** A screen too narrow to read a plan on. */
  tooSmall: 'This screen is too small to read the plan on: every place is in the list below.',
  mapHint: 'Drag to move the plan, pinch or use + and − to zoom. Tap a place, or choose it in the list, to see what is there.',
  judgingNow: 'Judging now',
  kinds: { ring: 'Rings', benching: 'Benching rows', stand: 'Stands', facility: 'Facilities', area: 'Areas' } satisfies Record<PlaceKind, string>,
  /** One place of a kind, as the panel names it. */
  kind: { ring: 'Ring', benching: 'Benching row', stand: 'Stand', facility: 'Facility', area: 'Area' } satisfies Record<PlaceKind, string>,
  facilities: {
    entrance: 'Entrance',
    exit: 'Exit',
    toilets: 'Toilets',
    food: 'Food and drink',
    first_aid: 'First aid',
    vet_check: 'Vet check',
    info_desk: 'Information desk',
  } satisfies Record<FacilityKind, string>,
  listHeading: 'Everything on the plan',
  searchLabel: 'Find a place',
  searchHint: 'A ring, a pen (A17), a stand’s advertiser or a facility (toilets).',
  noMatches: 'No place on the plan matches.',
  count: (shown: number, total: number) => (shown === total ? `${total} ${total === 1 ? 'place' : 'places'}` : `${shown} of ${total} places`),
  /** The status a "Show on the floor plan" link opens with (announced politely). */
  penIn: (pen: string, row: string) => `Pen ${pen} is in ${row}.`,
  penMissing: (pen: string) => `Pen ${pen} is not on this plan.`,
  standOf: (advertiser: string, stand: string) => `${advertiser} is at ${stand}.`,
  highlighted: (place: string) => `${place} is highlighted on the plan.`,
  placeMissing: 'That place is not on this plan.',
  /** The panel. */
  close: 'Close',
  sessionNow: 'Now',
  sessionNext: 'Next',
  noSessionNow: 'Nothing is being judged here now.',
  noSessionNext: 'Nothing more is scheduled here.',
  cancelled: 'Cancelled',
  pensOf: (row: string) => `Pens of ${row}`,
  pens: (n: number) => `${n} ${n === 1 ? 'pen' : 'pens'}`,
  penLine: (pen: string) => `Pen ${pen}`,
  emptyPen: 'No cat listed',
  catLine: (number: string, name: string) => `${number} · ${name}`,
  standHours: 'Opening hours',
  standNumber: 'Stand',
  noAdvertiser: 'The advertiser of this stand is not listed.',
  vouchers: 'Vouchers',
  noVouchers: 'No vouchers at this stand.',
  /** A stand's vouchers, as the advertiser's page words them. */
  discountVoucher: 'Discount Voucher',
  rebateVoucher: 'Rebate Voucher',
  discountOffer: (amount: string) => `${amount} off your purchase`,
  rebateOffer: (percentage: string) => `${percentage} rebate on your purchase`,
  voucherLink: 'Get a voucher on the advertiser’s page',
  facilityKind: 'Kind',
  /** The advertiser page's section: its stand, hours and the plan link. */
  atTheShow: 'At the show',
} as const;
