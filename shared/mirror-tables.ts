// The tables a phone mirrors (SPEC §3): the app's Dexie database, its sync engine, the venue server's show
// import and export, and the contract test (sync_tables() equals this list) all name them from here.

/** The mirrored tables, in the order the server's sync_pull lists them. */
export const MIRROR_TABLES = [
  'breeds',
  'organizations',
  'catteries',
  'cattery_has_breed',
  'quality_labels',
  'cattery_has_quality_label',
  'litters',
  'litter_images',
  'events',
  'event_schedule',
  'advertisers',
  'show_notices',
  'catalogue_entries',
  'floor_plans',
  'places',
  'ring_calls',
  'results',
] as const;
export type MirrorTable = (typeof MIRROR_TABLES)[number];
