// The IndexedDB database (Dexie): a read-only mirror of the show's tables, sync cursors, and the outbox.
import Dexie, { type EntityTable } from 'dexie';
import type { MirrorRow } from '../../shared/row-schemas.ts';
import type { OutboxItem } from './outbox/types.ts';

/** Where a table's pull stands: the keyset cursor of the last row committed locally. */
export interface SyncState {
  /** A MirrorTable, or '_tombstones'. */
  table: string;
  cursor: Record<string, unknown> | null;
  /** Client clock (ms) of the last page committed for this table. */
  updatedAt: number;
}

/** Rows that failed validation: kept raw for diagnosis, never applied, never blocking the table. */
export interface QuarantinedRow {
  n?: number;
  table: string;
  row: unknown;
  error: string;
  at: number;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export const DB_NAME = 'purrfect-show';

export class ShowDb extends Dexie {
  breeds!: EntityTable<MirrorRow<'breeds'>, 'id'>;
  organizations!: EntityTable<MirrorRow<'organizations'>, 'id'>;
  catteries!: EntityTable<MirrorRow<'catteries'>, 'id'>;
  cattery_has_breed!: EntityTable<MirrorRow<'cattery_has_breed'>, 'id'>;
  quality_labels!: EntityTable<MirrorRow<'quality_labels'>, 'id'>;
  cattery_has_quality_label!: EntityTable<MirrorRow<'cattery_has_quality_label'>, 'id'>;
  litters!: EntityTable<MirrorRow<'litters'>, 'id'>;
  litter_images!: EntityTable<MirrorRow<'litter_images'>, 'id'>;
  events!: EntityTable<MirrorRow<'events'>, 'id'>;
  event_schedule!: EntityTable<MirrorRow<'event_schedule'>, 'id'>;
  advertisers!: EntityTable<MirrorRow<'advertisers'>, 'id'>;
  show_notices!: EntityTable<MirrorRow<'show_notices'>, 'id'>;
  catalogue_entries!: EntityTable<MirrorRow<'catalogue_entries'>, 'id'>;
  floor_plans!: EntityTable<MirrorRow<'floor_plans'>, 'id'>;
  places!: EntityTable<MirrorRow<'places'>, 'id'>;
  ring_calls!: EntityTable<MirrorRow<'ring_calls'>, 'id'>;
  results!: EntityTable<MirrorRow<'results'>, 'id'>;
  sync_state!: EntityTable<SyncState, 'table'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  quarantine!: EntityTable<QuarantinedRow, 'n'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      breeds: 'id, &universal_breed_abbreviation, breed_name',
      organizations: 'id',
      catteries: 'id, name',
      cattery_has_breed: 'id, cattery_id, breed_id',
      quality_labels: 'id',
      cattery_has_quality_label: 'id, cattery_id',
      litters: 'id, cattery_id, breed_id, date_of_birth',
      litter_images: 'id, litter_id',
      events: 'id, start_date, end_date',
      event_schedule: 'id, event_id, [schedule_date+start_time]',
      advertisers: 'id, company_name',
      sync_state: 'table',
      outbox: 'id, status, createdAt, kind',
      quarantine: '++n, table',
      meta: 'key',
    });
    // The live schedule: notices, and sessions mirrored before it get their defaults.
    this.version(2)
      .stores({ show_notices: 'id, event_id' })
      .upgrade((tx) =>
        tx
          .table<MirrorRow<'event_schedule'>, number>('event_schedule')
          .toCollection()
          .modify((s) => {
            s.status ??= 'scheduled';
            s.original_date ??= null;
            s.original_start_time ??= null;
            s.original_end_time ??= null;
            s.original_location ??= null;
          }),
      );
    // The show catalogue: its entries by event, breed and cattery (a cattery's cats, a breed's count).
    this.version(3).stores({ catalogue_entries: 'id, event_id, breed_id, cattery_id' });
    // The hall: an event's plan, its places by plan and a stand's advertiser.
    this.version(4).stores({ floor_plans: 'id, event_id', places: 'id, floor_plan_id, advertiser_id' });
    // The judging: an event's ring calls, and its results by event and by cat (a cat's awards).
    this.version(5).stores({ ring_calls: 'id, event_id', results: 'id, event_id, entry_id' });
  }
}

let instance: ShowDb | undefined;

/** The app's database; tests make their own with new ShowDb(name). */
export function showDb(): ShowDb {
  instance ??= new ShowDb();
  return instance;
}
