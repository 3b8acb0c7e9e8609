// The venue server in its own process for the load bench (bench/load.ts): the load generator must not
// share a thread with the server it measures. PGlite in memory, or DATABASE_URL for PostgreSQL.
// Started with fork() under tsx; talks to the parent over IPC only. LOAD_SERVER_DATA_DIR keeps PGlite on
// disk there, LOAD_SERVER_STATIC_DIR serves a built app at / (the abuse bench and tests).
import { loadConfig } from '../server/config.ts';
import { startVenueServer } from '../server/start.ts';

/** Parent → child. */
export type LoadServerRequest =
  | { type: 'memory'; id: number; gc: boolean }
  | { type: 'votes'; id: number; emailLike: string }
  /** SQL as the service (the abuse tests' fixtures). */
  | { type: 'exec'; id: number; sql: string }
  | { type: 'close'; id: number };

/** Child → parent. */
export type LoadServerMessage =
  | { type: 'ready'; url: string; engine: 'pglite' | 'postgres' }
  | { type: 'memory'; id: number; heapUsed: number; rss: number; gc: boolean; cpuMicros: number }
  | { type: 'votes'; id: number; count: number }
  | { type: 'executed'; id: number }
  | { type: 'closed'; id: number }
  | { type: 'error'; id?: number; message: string };

const send = (m: LoadServerMessage) => process.send?.(m);

async function main(): Promise<void> {
  // LOAD_SERVER_QUIET=1: no per-request logs (a show day's thousands of dev-mailbox lines); errors still print.
  if (process.env.LOAD_SERVER_QUIET === '1') console.log = () => undefined;
  if (!process.send) throw new Error('bench/load-server.ts runs as a child of bench/load.ts (fork with IPC)');
  const config = loadConfig({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: '',
    NODE_ENV: '',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  });
  config.dataDir = process.env.LOAD_SERVER_DATA_DIR || null;
  config.staticDir = process.env.LOAD_SERVER_STATIC_DIR || null;
  const server = await startVenueServer(config);
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= server.close());

  process.on('message', (raw: LoadServerRequest) => {
    void (async () => {
      try {
        if (raw.type === 'memory') {
          // A forced full GC (when started with --expose-gc) leaves only what is still reachable.
          const gc = raw.gc && typeof globalThis.gc === 'function';
          if (gc) globalThis.gc!();
          const m = process.memoryUsage();
          const cpu = process.cpuUsage();
          send({ type: 'memory', id: raw.id, heapUsed: m.heapUsed, rss: m.rss, gc, cpuMicros: cpu.user + cpu.system });
        } else if (raw.type === 'votes') {
          const { rows } = await server.db.query<{ n: string }>('select count(*)::text as n from public.visitor_choice where email like $1', [raw.emailLike]);
          send({ type: 'votes', id: raw.id, count: Number(rows[0]!.n) });
        } else if (raw.type === 'exec') {
          await server.db.exec(raw.sql);
          send({ type: 'executed', id: raw.id });
        } else if (raw.type === 'close') {
          await close();
          send({ type: 'closed', id: raw.id });
          process.disconnect();
        }
      } catch (e) {
        send({ type: 'error', id: raw.id, message: e instanceof Error ? e.message : String(e) });
      }
    })();
  });
  // The parent went away: do not linger as an orphan holding a port or a database connection.
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  send({ type: 'ready', url: server.url, engine: server.db.kind });
}

main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  process.exit(1);
});
