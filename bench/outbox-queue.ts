// The outbox bench's tools: vote items made by the app's own enqueueVote, written into and read from
// the app's IndexedDB in a real page, a venue server that can be restarted on its port and data, and a
// seeded PRNG for the faults.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { addAllToStore, getAllFromStore, getFromStore } from '../e2e/pwa-helpers.ts';
import { loadConfig, type ServerConfig } from '../server/config.ts';
import { startVenueServer, type VenueServer } from '../server/start.ts';
import { DB_NAME, ShowDb } from '../src/data/db.ts';
import { enqueueVote, votePayloadSchema } from '../src/data/outbox/outbox.ts';
import type { OutboxStatus, VoteItem } from '../src/data/outbox/types.ts';
import { testClient } from '../tests/helpers/client.ts';
import { DEMO_CATALOGUE_NUMBERS } from '../tests/helpers/demo-catalogue.ts';
import { sleep } from '../tests/helpers/time.ts';

/** mulberry32: the same faults on every run for one seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The venue server on a PGlite data directory that survives close(): restart() comes back on the same
 * port. Not seeded: votes need one running event, and seeding the demo show costs 10-40 s per bench run.
 */
export class RestartableVenue {
  private constructor(
    private server: VenueServer,
    private readonly config: ServerConfig,
    private readonly dataDir: string,
  ) {}

  static async start(distDir: string): Promise<RestartableVenue> {
    const dataDir = mkdtempSync(join(tmpdir(), 'purrfect-bench-outbox-'));
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: distDir, DATA_DIR: dataDir });
    const server = await startVenueServer(config, { seed: false });
    // Later starts bind the port the first one picked, so the tab's origin (and its IndexedDB) stays.
    config.port = Number(new URL(server.url).port);
    return new RestartableVenue(server, config, dataDir);
  }

  get url(): string {
    return this.server.url;
  }

  /** Closes the server (in-flight requests finish), stays down for `downMs`, starts it again on the same data. */
  async restart(downMs: number): Promise<{ closeMs: number; startMs: number }> {
    const t = performance.now();
    await this.server.close();
    const closeMs = performance.now() - t;
    await sleep(downMs);
    const t2 = performance.now();
    this.server = await startVenueServer(this.config, { seed: false });
    return { closeMs, startMs: performance.now() - t2 };
  }

  /** The service-role client: anon may not read votes. */
  serviceClient(): SupabaseClient {
    return testClient(this.url, this.config.serviceRoleKey);
  }

  /** The show running today, so the Visitor's Choice form has an active event. */
  async addTodaysEvent(): Promise<number> {
    const d = new Date();
    const iso = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const { data, error } = await this.serviceClient()
      .from('events')
      .insert({ name: 'PurrFect Show outbox bench', start_date: iso(d), end_date: iso(new Date(d.getTime() + 86_400_000)), city: 'Utrecht', country: 'Netherlands' })
      .select('id')
      .single();
    if (error) throw new Error(`adding the event: ${error.message}`);
    // sync_pull serves rows older than its watermark margin (1 s) only: a first visit sooner than that
    // would mirror the show without this event, and the form would find no active event.
    await sleep(1_100);
    return (data as { id: number }).id;
  }

  async close(): Promise<void> {
    await this.server.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * `count` vote items exactly as the app queues them: the app's enqueueVote (zod-validated with
 * votePayloadSchema, uuid, createdAt order, status 'queued') into a throwaway Dexie database here.
 */
export async function makeVoteItems(eventId: number, emailPrefix: string, count: number, from = 0): Promise<VoteItem[]> {
  const db = new ShowDb(`bench-outbox-${crypto.randomUUID()}`);
  try {
    for (let i = from; i < from + count; i++) {
      await enqueueVote(db, {
        event_id: eventId,
        first_name: 'Bench',
        last_name: `Voter ${i}`,
        email: `${emailPrefix}${i}@example.com`,
        phone: null,
        catalog_number: DEMO_CATALOGUE_NUMBERS[i % DEMO_CATALOGUE_NUMBERS.length]!,
      });
    }
    const items = (await db.outbox.orderBy('createdAt').toArray()) as VoteItem[];
    // Again, item by item: what is written into the browser is what the schema accepts.
    for (const item of items) votePayloadSchema().parse(item.payload);
    return items;
  } finally {
    db.close();
    await db.delete();
  }
}

/** Same keys, and the same types where both have a value: a bulk item cannot drift from one the form queued. */
export function assertSameShape(made: object, queuedByApp: object, path = 'item'): void {
  const a = made as Record<string, unknown>;
  const b = queuedByApp as Record<string, unknown>;
  const keys = (o: object) => Object.keys(o).sort().join(',');
  if (keys(a) !== keys(b)) throw new Error(`${path}: bulk keys ${keys(a)} differ from the app's ${keys(b)}`);
  for (const key of Object.keys(a)) {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) continue;
    if (typeof x !== typeof y) throw new Error(`${path}.${key}: bulk ${typeof x}, app ${typeof y}`);
    if (typeof x === 'object') assertSameShape(x as object, y as object, `${path}.${key}`);
  }
}

/** Writes items into the app's outbox store in one transaction (the database must exist: the app opened it). */
export function writeOutbox(page: Page, items: VoteItem[]): Promise<void> {
  return addAllToStore(page, DB_NAME, 'outbox', items);
}

export interface OutboxRow {
  id: string;
  status: OutboxStatus;
  email: string | null;
  attempts: number;
  lastError: string | null;
}

/** Every outbox item of the page's origin, read with the raw IndexedDB API (no app code). */
export async function readOutbox(page: Page): Promise<OutboxRow[]> {
  // A reload may destroy the context mid-read: try again on the new document.
  for (let attempt = 0; ; attempt++) {
    try {
      const all = await getAllFromStore<VoteItem>(page, DB_NAME, 'outbox');
      return all.map((i) => ({ id: i.id, status: i.status, email: i.payload.email, attempts: i.attempts, lastError: i.lastError }));
    } catch (e) {
      if (attempt >= 20) throw e;
      await sleep(250);
    }
  }
}

/** One outbox item as the app stored it. */
export function readItem(page: Page, id: string): Promise<VoteItem | undefined> {
  return getFromStore<VoteItem>(page, DB_NAME, 'outbox', id);
}

/** Items of this run not yet sent, by status. */
export function pendingOf(rows: OutboxRow[], ids: Set<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) if (ids.has(row.id) && row.status !== 'sent') out[row.status] = (out[row.status] ?? 0) + 1;
  return out;
}

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The server's rows for these ids, and every row whose e-mail starts with the run's prefix. */
export async function serverVotes(
  service: SupabaseClient,
  ids: string[],
  emailPrefix: string,
): Promise<{ byId: Set<string>; byPrefix: { id: string; email: string }[] }> {
  const byId = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    const { data, error } = await service
      .from('visitor_choice')
      .select('id')
      .in('id', ids.slice(i, i + 100));
    if (error) throw new Error(`reading votes: ${error.message}`);
    for (const row of data as { id: string }[]) byId.add(row.id);
  }
  const byPrefix: { id: string; email: string }[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('visitor_choice')
      .select('id, email')
      .like('email', `${emailPrefix}*`)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`reading votes: ${error.message}`);
    byPrefix.push(...(data as { id: string; email: string }[]));
    if (data.length < 1000) return { byId, byPrefix };
  }
}
