// Runs inside the worker thread (bundled by pglite-host.ts): one PGlite, driven by messages from pglite-host.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite, type PgliteModules } from './pglite.ts';
import type { Db, Tx } from './types.ts';
import type { HostMessage, WorkerError, WorkerMessage, WorkerNotification } from './pglite-protocol.ts';

const port = parentPort!;
const post = (m: WorkerMessage | WorkerNotification) => port.postMessage(m);

function toWire(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const out: WorkerError = { name: e.name, message: e.message };
  for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

const reply = (id: number, value: unknown) => post({ id, ok: true, value });
const fail = (id: number, e: unknown) => post({ id, ok: false, error: toWire(e) });

/** A transaction's statements arrive one message at a time; fn waits for the next. */
class Inbox {
  private queue: HostMessage[] = [];
  private waiting: ((m: HostMessage) => void) | null = null;
  push(m: HostMessage): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(m);
    } else this.queue.push(m);
  }
  next(): Promise<HostMessage> {
    const m = this.queue.shift();
    return m ? Promise.resolve(m) : new Promise((resolve) => (this.waiting = resolve));
  }
}

class Rollback extends Error {}

const { modules } = workerData as { modules: PgliteModules };
let db!: Db;
const txs = new Map<number, Inbox>();
/** The unlisten of each channel the host listens to. */
const listening = new Map<string, () => Promise<void>>();

async function runTx(msg: Extract<HostMessage, { op: 'begin' }>, inbox: Inbox): Promise<void> {
  let endId = -1;
  try {
    await db.transaction(async (tx: Tx) => {
      for (;;) {
        const m = await inbox.next();
        if (m.op === 'end') {
          endId = m.id;
          if (!m.commit) throw new Rollback();
          return;
        }
        if (m.op !== 'tx') continue;
        try {
          if (m.text !== undefined) {
            const res = await tx.query(m.text, m.params);
            reply(m.id, { rows: res.rows, affectedRows: res.affectedRows });
          } else {
            await tx.exec(m.sql!);
            reply(m.id, null);
          }
        } catch (e) {
          fail(m.id, e);
        }
      }
    }, msg.opening);
    reply(endId, null);
  } catch (e) {
    if (e instanceof Rollback) reply(endId, null);
    else if (endId >= 0) fail(endId, e);
    else fail(msg.id, e);
  } finally {
    txs.delete(msg.id);
  }
}

port.on('message', (msg: HostMessage) => {
  switch (msg.op) {
    case 'open':
      openPglite(msg.dataDir, modules).then(
        (opened) => {
          db = opened;
          reply(0, 'ready');
        },
        (e: unknown) => fail(0, e),
      );
      return;
    case 'query':
      db.query(msg.text, msg.params).then(
        (res) => reply(msg.id, { rows: res.rows, affectedRows: res.affectedRows }),
        (e: unknown) => fail(msg.id, e),
      );
      return;
    case 'exec':
      db.exec(msg.sql).then(
        () => reply(msg.id, null),
        (e: unknown) => fail(msg.id, e),
      );
      return;
    case 'begin': {
      const inbox = new Inbox();
      txs.set(msg.id, inbox);
      void runTx(msg, inbox);
      return;
    }
    case 'tx':
    case 'end': {
      const inbox = txs.get(msg.txId);
      if (inbox) inbox.push(msg);
      else fail(msg.id, new Error('Transaction is closed'));
      return;
    }
    case 'listen':
      if (listening.has(msg.channel)) return reply(msg.id, null);
      db.listen(msg.channel, (payload) => post({ notify: msg.channel, payload })).then(
        (unlisten) => {
          listening.set(msg.channel, unlisten);
          reply(msg.id, null);
        },
        (e: unknown) => fail(msg.id, e),
      );
      return;
    case 'unlisten': {
      const unlisten = listening.get(msg.channel);
      listening.delete(msg.channel);
      (unlisten?.() ?? Promise.resolve()).then(
        () => reply(msg.id, null),
        (e: unknown) => fail(msg.id, e),
      );
      return;
    }
    case 'close':
      db.close().then(
        () => reply(msg.id, null),
        (e: unknown) => fail(msg.id, e),
      );
      return;
  }
});
