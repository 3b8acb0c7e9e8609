// PGlite off the HTTP thread. PGlite is WASM on one thread and ignores statement_timeout, so a runaway
// statement (a backreference regex, a huge embed) would freeze every answer of the venue server. Here it
// runs in a worker thread; this side enforces each statement's deadline, and on a miss ends the worker
// and starts another on the same data directory (Postgres recovers it from its WAL like after a crash).
import { build, type Plugin } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteModules } from './pglite.ts';
import type { HostMessage, WorkerError, WorkerMessage, WorkerNotification } from './pglite-protocol.ts';
import { checkChannelName, type Db, type PgError, type QueryResult, type Tx, type TxOpening } from './types.ts';

type Outgoing = HostMessage extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** statement_timeout as set_config takes it ('3s', '500ms', '0', '2min') ⇒ ms; 0 means none. */
export function timeoutMs(value: string | undefined): number {
  if (!value) return 0;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min|h)?\s*$/.exec(value);
  if (!m) return 0;
  const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 }[m[2] ?? 'ms']!;
  return Number(m[1]) * unit;
}

function fromWire(w: WorkerError): PgError {
  const e = new Error(w.message) as PgError & Record<string, unknown>;
  for (const [k, v] of Object.entries(w)) if (k !== 'message' && k !== 'stack') e[k] = v;
  return e;
}

function timeoutError(): PgError {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

/** What every worker a process starts shares: PGlite's two WASM modules, and the worker's own code. */
interface Compiled {
  modules: PgliteModules;
  entry: URL;
}

let compiled: Promise<Compiled> | undefined;

/** Compiled once per process rather than by every worker it starts (a server starts two, and one per restart). */
function compiledOnce(): Promise<Compiled> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const compile = async (file: string) => WebAssembly.compile(await readFile(join(dist, file)));
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm'), workerEntry()]).then(([pgliteWasmModule, initdbWasmModule, entry]) => ({
    modules: { pgliteWasmModule, initdbWasmModule },
    entry,
  }));
  return compiled;
}

/** Packages stay imports of their installed files, by absolute URL: the bundle has no folder to resolve from. */
const packagesByPath: Plugin = {
  name: 'packages-by-path',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (args.pluginData === 'by-path') return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'by-path' });
      if (found.errors.length) return { errors: found.errors };
      return { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/**
 * The worker's TypeScript (pglite-worker.ts and what it imports) as one ES module in a data: URL. A worker
 * that loaded it through tsx's loader spent about 0.3 s of CPU in esbuild on every start; this compiles it
 * once, and a worker then starts in some 40 ms.
 */
async function workerEntry(): Promise<URL> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./pglite-worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [packagesByPath],
  });
  return new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0]!.contents).toString('base64')}`);
}

/**
 * One worker generation: a restart makes a new one, and whatever the old one owed fails. A worker
 * starts idle (its modules loaded: a standby) and opens PGlite when told to.
 */
class Generation {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  ready: Promise<void> = Promise.reject(new Error('The database worker was not opened'));
  dead = false;
  private seq = 0;
  private onDeath: (g: Generation, e: Error) => void = () => undefined;
  /** Hears the worker's NOTIFYs once opened (a standby hears none). */
  onNotify: (channel: string, payload: string) => void = () => undefined;

  constructor({ modules, entry }: Compiled) {
    this.ready.catch(() => undefined);
    this.worker = new Worker(entry, { workerData: { modules }, execArgv: [] });
    this.worker.on('message', (m: WorkerMessage | WorkerNotification) => {
      if ('notify' in m) return this.onNotify(m.notify, m.payload);
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(fromWire(m.error));
    });
    const die = (e: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.onDeath(this, e);
    };
    this.worker.on('error', (e) => die(e));
    this.worker.on('exit', (code) => die(new Error(`The database worker stopped (exit code ${code})`)));
  }

  /** Opens PGlite on dataDir; onDeath hears of the worker's end (a crash, say) from then on. */
  open(dataDir: string, onDeath: (g: Generation, e: Error) => void, after: Promise<unknown>): Promise<void> {
    this.onDeath = onDeath;
    this.ready = new Promise((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
      // Not before the previous worker's thread has stopped: two PGlites must never share the files.
      void after.then(() => {
        if (this.dead) reject(new Error('The database worker stopped'));
        else this.worker.postMessage({ op: 'open', id: 0, dataDir } satisfies HostMessage);
      });
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  /** Sends m; the answer, or dead's error. */
  call(m: Outgoing): { id: number; answer: Promise<unknown> } {
    const id = ++this.seq;
    const answer = new Promise<unknown>((resolve, reject) => {
      if (this.dead) return reject(new Error('The database worker stopped'));
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...m, id });
    });
    return { id, answer };
  }

  /** Sends m with no answer awaited (a transaction's begin: its answer is the end's). */
  send(m: Outgoing): number {
    const id = ++this.seq;
    if (!this.dead) this.worker.postMessage({ ...m, id });
    return id;
  }

  /** Ends the worker now (a runaway statement): what it owed fails with e. Resolves once the thread is gone. */
  kill(e: Error): Promise<unknown> {
    if (this.dead) return Promise.resolve();
    this.dead = true;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    return this.worker.terminate();
  }
}

/** A FIFO lock: PGlite runs one transaction at a time anyway, and a deadline must time only the statement. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const out = this.tail.then(fn);
    this.tail = out.then(
      () => undefined,
      () => undefined,
    );
    return out;
  }
}

/**
 * dataDir null: a throwaway directory under the OS temp dir (removed on close) rather than PGlite's
 * memory, so that a worker ended on a deadline restarts with the data it had.
 */
export async function openPgliteWorker(dataDir: string | null): Promise<Db & { restarts(): number }> {
  const temp = dataDir === null ? mkdtempSync(join(tmpdir(), 'purrfect-pglite-')) : null;
  const dir = dataDir ?? temp!;
  const lock = new Lock();
  let restarts = 0;
  let closed = false;
  const shared = await compiledOnce();
  /** What each channel's NOTIFYs go to; every worker generation listens to all of them. */
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notify = (channel: string, payload: string) => {
    for (const heard of [...(listeners.get(channel) ?? [])]) heard(payload);
  };

  /** The next worker, started ahead so that a restart only opens PGlite (the files' recovery included). */
  let spare: Generation | null = null;
  const onDeath = (g: Generation, e: Error) => {
    if (closed || g !== current) return;
    // A crash (out of memory in a huge answer, say): start again, as after a deadline.
    console.warn(`[db] PGlite worker ended (${e.message}); restarting it`);
    restart();
  };
  const start = (after: Promise<unknown> = Promise.resolve()): Generation => {
    const g = spare && !spare.dead ? spare : new Generation(shared);
    spare = null;
    g.onNotify = notify;
    void g.open(dir, onDeath, after).then(
      () => {
        // A restarted worker listens again before any statement waiting for it runs (messages keep order).
        for (const channel of listeners.keys()) g.send({ op: 'listen', channel });
        // Only once this one is open: the standby's start must not slow the open down.
        if (!closed && g === current && !spare) spare = new Generation(shared);
      },
      () => undefined,
    );
    return g;
  };
  const stopSpare = async () => {
    const s = spare;
    spare = null;
    if (s) {
      s.dead = true;
      await s.worker.terminate();
    }
  };
  let current = start();
  const restart = (after?: Promise<unknown>) => {
    restarts++;
    current = start(after);
  };

  try {
    await current.ready;
  } catch (e) {
    closed = true;
    await current.worker.terminate();
    await stopSpare();
    if (temp) rmSync(temp, { recursive: true, force: true });
    throw e;
  }

  /** A statement with a deadline: on a miss, the worker goes and another starts on the same files. */
  const timed = async (g: Generation, m: Outgoing, ms: number): Promise<unknown> => {
    const { answer } = g.call(m);
    if (!ms) return answer;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const e = timeoutError();
        if (g === current && !g.dead) restart(g.kill(e));
        reject(e);
      }, ms);
    });
    try {
      return await Promise.race([answer, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  const ready = async (): Promise<Generation> => {
    if (closed) throw new Error('The database is closed');
    const g = current;
    await g.ready;
    return g;
  };

  const asResult = <R>(v: unknown) => v as QueryResult<R>;

  return {
    kind: 'pglite',
    restarts: () => restarts,
    query: <R>(text: string, params?: unknown[]) => lock.run(async () => asResult<R>(await (await ready()).call({ op: 'query', text, params }).answer)),
    exec: (sql) =>
      lock.run(async () => {
        await (await ready()).call({ op: 'exec', sql }).answer;
      }),
    transaction: <T>(fn: (tx: Tx) => Promise<T>, opening?: TxOpening) =>
      lock.run(async () => {
        const g = await ready();
        const ms = timeoutMs(opening?.settings.find(([name]) => name === 'statement_timeout')?.[1]);
        const txId = g.send({ op: 'begin', ...(opening && { opening }) });
        const tx: Tx = {
          query: async <R>(text: string, params?: unknown[]) => asResult<R>(await timed(g, { op: 'tx', txId, text, params }, ms)),
          exec: async (sql) => {
            await timed(g, { op: 'tx', txId, sql }, ms);
          },
        };
        let out: T;
        try {
          out = await fn(tx);
        } catch (e) {
          if (!g.dead) await g.call({ op: 'end', txId, commit: false }).answer.catch(() => undefined);
          throw e;
        }
        await g.call({ op: 'end', txId, commit: true }).answer;
        return out;
      }),
    listeners: async () => 1,
    async listen(channel, onPayload) {
      checkChannelName(channel);
      let heard = listeners.get(channel);
      if (!heard) {
        listeners.set(channel, (heard = new Set()));
        await lock
          .run(async () => {
            await (await ready()).call({ op: 'listen', channel }).answer;
          })
          .catch((e: unknown) => {
            listeners.delete(channel);
            throw e;
          });
      }
      heard.add(onPayload);
      const own = heard;
      return async () => {
        own.delete(onPayload);
        if (own.size || listeners.get(channel) !== own) return;
        listeners.delete(channel);
        if (closed) return;
        await lock.run(async () => {
          await (await ready()).call({ op: 'unlisten', channel }).answer;
        });
      };
    },
    async close() {
      await lock.run(async () => {
        closed = true;
        await stopSpare();
        const g = current;
        if (!g.dead) {
          await g.ready.catch(() => undefined);
          await g.call({ op: 'close' }).answer.catch(() => undefined);
          g.dead = true;
          await g.worker.terminate();
        }
      });
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}
