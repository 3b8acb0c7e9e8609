// What the show catalogue adds to a first visit's mirror: the app's own sync engine pulls a fresh mirror
// twice from the seeded server, once with every table and once without catalogue_entries, and the
// difference of the sync_pull bodies as served (the encoding a browser is answered with, read off
// Content-Length) is the catalogue's share. A difference, not the catalogue pulled alone: compressed
// together with the other tables it costs what it costs on the wire.
import { gzipSync } from 'node:zlib';
import 'fake-indexeddb/auto';
import { DEMO_ANON_KEY } from '../server/config.ts';
import { COMPRESS_MIN_BYTES } from '../server/rest/compress.ts';
import { MIRROR_TABLES, type MirrorTable } from '../shared/mirror-tables.ts';
import { ShowDb } from '../src/data/db.ts';
import { createSyncEngine } from '../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../src/data/sync/status.ts';
import { testClient } from '../tests/helpers/client.ts';
import { round, type Report } from './report.ts';

/** What Chromium sends (the phone of the first visit): the server answers it with brotli. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Ceilings at what has landed (KB = 1,000 bytes), like the first visit's: the demo catalogue (217
 * entries at ×1, 2,010 at ×10) measured 9.8–9.9 KB and 88.5 KB; the rest is for its dates and
 * timestamps, which differ from day to day. An entry that costs more on the wire shows here first.
 */
const CATALOGUE_CEILING_KB = { 1: 11, 10: 90 } as const;

interface Pulled {
  /** Bodies as served, bytes. */
  served: number;
  /** The same bodies gzipped as the server does for a client that asks for gzip only. */
  gzip: number;
  requests: number;
  rows: number;
}

/** A first mirror of `tables` into a fresh IndexedDB through the app's sync engine, counted. */
async function firstMirror(url: string, tables: readonly MirrorTable[]): Promise<Pulled> {
  const counted = { served: 0, gzip: 0, requests: 0 };
  const countingFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Accept-Encoding', BROWSER_ACCEPT_ENCODING);
    const res = await fetch(input, { ...init, headers });
    const body = new Uint8Array(await res.clone().arrayBuffer());
    counted.requests++;
    counted.served += Number(res.headers.get('content-length') ?? body.byteLength);
    counted.gzip += body.byteLength >= COMPRESS_MIN_BYTES ? gzipSync(body).byteLength : body.byteLength;
    return res;
  };
  const db = new ShowDb(`bench-catalogue-${Date.now()}-${tables.length}`);
  try {
    const engine = createSyncEngine({
      db,
      client: testClient(url, DEMO_ANON_KEY, { fetch: countingFetch }),
      status: createSyncStatusStore(),
      persist: () => undefined,
      tables,
    });
    const summary = await engine.pull();
    if (summary.heldBack) throw new Error('sync_pull held rows back: the seed is younger than its watermark margin');
    return { ...counted, rows: summary.rows };
  } finally {
    db.close();
    await db.delete();
  }
}

/** Prints and gates the catalogue's bytes on the first visit's mirror of the ×`showScale` show the server holds. */
export async function benchCatalogueMirror(report: Report, url: string, showScale: number): Promise<void> {
  const without = await firstMirror(
    url,
    MIRROR_TABLES.filter((t) => t !== 'catalogue_entries'),
  );
  const all = await firstMirror(url, MIRROR_TABLES);
  const entries = all.rows - without.rows;
  const kb = (bytes: number) => round(bytes / 1000, 1);
  const ceiling = CATALOGUE_CEILING_KB[showScale as keyof typeof CATALOGUE_CEILING_KB];
  report.atMost(
    `first visit ×${showScale}: the catalogue's bytes in the mirror (sync_pull as served)${ceiling === undefined ? ' (printed)' : ''}`,
    kb(all.served - without.served),
    'KB',
    ceiling ?? Number.POSITIVE_INFINITY,
    'exact',
    `${entries.toLocaleString('en-GB')} entries; the first mirror ${kb(without.served)} → ${kb(all.served)} KB as served (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}), ` +
      `${kb(without.gzip)} → ${kb(all.gzip)} KB gzipped (+${kb(all.gzip - without.gzip)} KB), ${without.requests} → ${all.requests} requests; bodies only, headers excluded`,
  );
}
