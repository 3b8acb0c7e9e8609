// PGlite: embedded Postgres (WASM) persisted in DATA_DIR, or in memory when dataDir is omitted.
import { PGlite, parse, protocol, TransactionAbortedError, types, type Results } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { checkChannelName, type Db, type QueryResult, type Tx, type TxOpening } from './types.ts';

// Keep int8 and numeric as text, like `pg` does, so both engines hand back the same values.
const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

/** Compiled once and handed to each PGlite (the worker host starts one per restart). */
export interface PgliteModules {
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
}

export async function openPglite(dataDir?: string, modules: PgliteModules = {}): Promise<Db> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...modules,
    extensions: { pgcrypto, uuid_ossp },
    parsers,
  });

  const prepared = new Prepared();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query<R>(text, params as never[]);
      return { rows: res.rows, affectedRows: res.affectedRows };
    },
    exec: async (sql) => {
      await q.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn, opening) => (opening ? batchedTransaction(pg, prepared, opening, fn) : pg.transaction((tx) => fn(wrap(tx)))),
    // PGlite hands notifications over as each call's answer is parsed, the commit's included.
    listen: (channel, onPayload) => pg.listen(checkChannelName(channel), onPayload),
    listeners: async () => 1,
    close: () => pg.close(),
  };
}

// ---------- one call into the WASM backend per statement ----------
// PGlite's query() makes six calls into Postgres for one statement (parse, describe, bind, describe,
// execute, sync) and a transaction two more (begin, commit), and parses and plans every statement
// again: under load that cost more than the statements. Here one call carries the begin, the
// settings and the first statement, each kept prepared in the session.

const { serialize } = protocol;

/** Parameters as text, as node-postgres sends them: Postgres itself parses them by the statement's types. */
function textParam(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Statements of one call: those it prepares, and the kept ones it uses. */
interface CallStatements {
  made: [text: string, name: string][];
  used: [text: string, name: string][];
}

/**
 * Statements kept prepared in the session by their text: the REST layer sends a few shapes with
 * different parameters, so each is parsed and planned once, then only bound. Postgres plans a kept
 * statement again by itself when the schema, the role or the search_path has changed.
 */
class Prepared {
  private readonly names = new Map<string, string>();
  private seq = 0;
  /** Owed Close messages (evicted, or maybe half-made by a failed call), sent with the next call. */
  private owed: string[] = [];

  constructor(private readonly max = 200) {}

  /** Messages that run text with values; describe asks for the rows' description. */
  run(text: string, values: (string | null)[], describe: boolean, call: CallStatements): Uint8Array[] {
    const msgs: Uint8Array[] = [];
    let name = this.names.get(text);
    if (name) {
      this.names.delete(text); // most recently used last
      this.names.set(text, name);
      call.used.push([text, name]);
    } else {
      name = `purrfect_${++this.seq}`;
      call.made.push([text, name]);
      msgs.push(serialize.parse({ name, text }));
    }
    msgs.push(serialize.bind({ statement: name, values }));
    if (describe) msgs.push(serialize.describe({ type: 'P' }));
    msgs.push(serialize.execute({}));
    return msgs;
  }

  /** Close messages owed from earlier calls. Closing a statement that does not exist is no error. */
  closes(): Uint8Array[] {
    const msgs = this.owed.map((name) => serialize.close({ type: 'S', name }));
    this.owed = [];
    return msgs;
  }

  succeeded(call: CallStatements): void {
    for (const [text, name] of call.made) this.names.set(text, name);
    for (const [text, name] of this.names) {
      if (this.names.size <= this.max) break;
      this.names.delete(text);
      this.owed.push(name);
    }
  }

  /** A failed call may have made some of its statements: close them. Forget kept ones Postgres refused. */
  failed(call: CallStatements, error: unknown): void {
    for (const [, name] of call.made) this.owed.push(name);
    const code = (error as { code?: string }).code;
    // 0A000: a kept plan whose result columns changed; 26000: the statement is gone.
    if (code !== '0A000' && code !== '26000') return;
    for (const [text, name] of call.used) {
      if (this.names.get(text) === name) this.names.delete(text);
      this.owed.push(name);
    }
  }
}

function openingMessages({ readOnly, settings }: TxOpening, prepared: Prepared, call: CallStatements): Uint8Array[] {
  const msgs = prepared.run(readOnly ? 'begin read only' : 'begin', [], false, call);
  if (settings.length) {
    const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
    msgs.push(...prepared.run(`select ${calls.join(', ')}`, settings.flat(), false, call));
  }
  return msgs;
}

async function batchedTransaction<T>(pg: PGlite, prepared: Prepared, opening: TxOpening, fn: (tx: Tx) => Promise<T>): Promise<T> {
  // The same locks PGlite's own transaction() holds: nothing else runs until this one ends.
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      let openingSent = false;
      /** Statements of the opening that end in a CommandComplete (begin, and the settings if any). */
      const openingCommands = opening.settings.length ? 2 : 1;
      let open = false;
      let closed = false;

      /** One call into Postgres: owed closes, the opening the first time, then msgs. */
      const send = async (build: (call: CallStatements) => Uint8Array[]) => {
        if (closed) throw new Error('Transaction is closed');
        const call: CallStatements = { made: [], used: [] };
        const withOpening = !openingSent;
        const msgs = [...prepared.closes(), ...(withOpening ? openingMessages(opening, prepared, call) : []), ...build(call)];
        openingSent = true;
        open = true;
        let messages;
        try {
          ({ messages } = await pg.execProtocol(concat(msgs), { syncToFs: false }));
        } catch (e) {
          prepared.failed(call, e);
          throw e;
        }
        prepared.succeeded(call);
        if (!withOpening) return messages;
        // Leave out what the opening answered: its rows carry no description to parse them by.
        let seen = 0;
        const from = messages.findIndex((m) => m.name === 'commandComplete' && ++seen === openingCommands);
        return messages.slice(from + 1);
      };

      const tx: Tx = {
        async query<R>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
          const values = params.map(textParam);
          const messages = await send((call) => [...prepared.run(text, values, true, call), serialize.sync()]);
          const [res] = parse.parseResults(messages, pg.parsers) as Results<R>[];
          return { rows: res?.rows ?? [], affectedRows: res?.affectedRows };
        },
        async exec(sql: string) {
          await send(() => [serialize.sync(), serialize.query(sql)]);
        },
      };

      try {
        const out = await fn(tx);
        closed = true;
        if (open) {
          const { messages } = await pg.execProtocol(serialize.query('commit'));
          // A statement failed and fn went on: Postgres rolled back instead (25P02, as PGlite's transaction()).
          const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
          if (done?.text === 'ROLLBACK') throw new TransactionAbortedError();
        }
        return out;
      } catch (e) {
        if (open && !closed) {
          closed = true;
          await pg.execProtocol(serialize.query('rollback')).catch(() => undefined);
        }
        throw e;
      }
    }),
  );
}
