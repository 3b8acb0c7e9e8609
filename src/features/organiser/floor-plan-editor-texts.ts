// The visible texts of the console's floor-plan editor (/organiser/floor-plan), in one place the tests import.
import { FLOOR_PLAN_TEXTS } from '../../ui/floor-plan-texts.ts';

export const FLOOR_PLAN_EDITOR_TEXTS = {
  title: 'Floor plan',
  navLabel: 'Floor plan',
  intro:
    'Draw the rings, benching rows, stands and facilities on the hall’s plan. Each change is saved on this device first and reaches the visitors’ phones as soon as it is sent.',
  loading: 'Loading the floor plan…',
  noEvent: 'No event is running or coming up. Import a show first (npm run show -- import).',
  noPlan: (event: string) =>
    `${event} has no floor plan yet. Add one in the show folder: the hall’s picture in photos/ and a row in floor_plans.csv (event, image, the picture in words; see “The hall” in the folder’s guide), then import the show again (npm run show -- import). Its places can then be drawn here.`,
  smallScreen: 'The plan is easiest to draw on a tablet or a computer. On a phone, choose a place from the list and change it with the fields.',
  howTo:
    'Drag on an empty part of the plan to draw a place. Drag a place to move it, its corners to resize it. Selected place: arrow keys move it (with Shift, ten times as far), Delete deletes it, Ctrl+Z (⌘Z) undoes.',
  planLabel: (event: string) => `Floor plan of ${event}`,
  pictureAlt: (description: string | null) => description ?? 'The hall’s floor plan',
  placesTitle: 'Places on this plan',
  noPlaces: 'No places yet: drag on the plan to draw the first one.',
  pending: 'waiting to be sent',
  placeButton: (label: string, kind: string) => `${label} (${kind})`,
  resizeHandle: (label: string, corner: string) => `Resize ${label} from its ${corner} corner`,
  corners: { nw: 'top left', ne: 'top right', sw: 'bottom left', se: 'bottom right' },

  /** One place of a kind, and a facility's kind: the visitor's plan words them (one copy). */
  kinds: FLOOR_PLAN_TEXTS.kind,
  facilities: FLOOR_PLAN_TEXTS.facilities,

  form: {
    title: (label: string) => `Place: ${label}`,
    kind: 'Kind',
    label: 'Label',
    location: 'Schedule location',
    chooseLocation: 'Choose a location',
    noLocations: 'This event’s schedule names no locations yet: a ring is one of them.',
    pens: 'Pens, in order along the row',
    pensHint: 'Ranges and single pens, e.g. A1-A20, A21-A40',
    advertiser: 'Advertiser',
    chooseAdvertiser: 'Choose an advertiser',
    facility: 'Facility',
    x: 'Left (x)',
    y: 'Top (y)',
    width: 'Width',
    height: 'Height',
    units: (width: number, height: number) => `In the plan’s units: the plan is ${width} wide and ${height} high.`,
    save: 'Save',
    delete: 'Delete place',
    labelMissing: 'Give the place a label.',
    locationMissing: 'Choose the ring’s location in the schedule.',
    advertiserMissing: 'Choose the stand’s advertiser.',
    numberWrong: (field: string) => `${field} is a number.`,
    sizeWrong: 'Width and height are more than 0.',
    outside: 'The place must lie on the plan.',
  },

  newLabel: 'New place',
  undo: 'Undo',
  undoNothing: 'Nothing to undo.',
  undoGone: 'That place is no longer on the plan: nothing to undo.',
  waiting: (n: number) => (n === 1 ? '1 change waiting to be sent.' : `${n} changes waiting to be sent.`),
  offline: 'You are offline. Your changes are kept on this device and sent when the connection is back.',
  notSaved: (label: string, reason: string) => `Not saved: “${label}”. ${reason}${/[.!?…]$/.test(reason) ? '' : '.'} The plan shows what is stored.`,
  dismiss: 'Dismiss',

  labels: {
    draw: (label: string) => `Draw ${label}`,
    move: (label: string) => `Move ${label}`,
    resize: (label: string) => `Resize ${label}`,
    change: (label: string) => `Change ${label}`,
    delete: (label: string) => `Delete ${label}`,
    undo: (label: string) => `Undo: ${label}`,
  },
} as const;
