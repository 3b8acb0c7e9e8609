// The phones of the show-day simulation (bench/showday.ts): each one a visitor's phone in the hall, over
// plain HTTP and a raw Realtime websocket with the shapes supabase-js sends (recorded from the app's own
// code by showday.ts). 10 % of them sit on a slow link: their requests and answers are delayed and paced.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { LIVE_GUARD_MS, LIVE_JOIN_TIMEOUT_MS, LIVE_TOPIC, readLivePoke } from '../shared/live.ts';
import { sleep } from '../tests/helpers/time.ts';
import { BROWSER_HEADERS, vote, type Recorded } from './load.ts';

export type Kind = 'static' | 'mirror' | 'pull' | 'vote' | 'signup' | 'verify' | 'signin' | 'coupon' | 'join';

/** What one phone does, and how often (the defaults are documented at the top of showday.ts). */
export interface Mix {
  resyncEveryMs: number;
  voteEveryMs: number;
  duplicateVoteShare: number;
  signedInShare: number;
  couponEveryMs: number;
  slowShare: number;
  slowRttMs: number;
  slowBitsPerS: number;
}

/** Everything a phone needs to know about the show, recorded once from supabase-js by showday.ts. */
export interface Shapes {
  anonKey: string;
  /** GET paths of a first visit: the page, the service worker and its precache. */
  statics: string[];
  firstPull: Recorded[];
  resync: Recorded;
  vote: Recorded;
  eventId: number;
  /** supabase-js's headers for auth and functions calls (the anon bearer in them is replaced when signed in). */
  signup: Recorded;
  signin: Recorded;
  invoke: Recorded;
  coupons: { advertiser_id: number; coupon_type: 'discount' | 'rebate' }[];
}

/** Requests and latencies of one step. Latencies count only while `measuring` (the hold window). */
export class Stats {
  measuring = false;
  readonly fast: number[] = [];
  readonly slow: number[] = [];
  requests = 0;
  errors = 0;
  readonly errorSamples: string[] = [];
  /** Loopback phones' latencies by kind of request, to see which one makes the p99. */
  readonly perKind = new Map<Kind, number[]>();

  record(kind: Kind, ms: number, slow: boolean): void {
    if (!this.measuring) return;
    this.requests++;
    (slow ? this.slow : this.fast).push(ms);
    if (slow) return;
    const list = this.perKind.get(kind) ?? [];
    list.push(ms);
    this.perKind.set(kind, list);
  }

  error(what: string): void {
    this.errors++;
    if (this.errorSamples.length < 5) this.errorSamples.push(what);
  }
}

/** What every phone shares: the current step's stats and the inflight count, so a run can drain. */
export interface Hall {
  stats: Stats;
  mix: Mix;
  shapes: Shapes;
  /** Every distinct vote answered 2xx in the whole run, to compare with the rows stored. */
  votesAnswered: Set<string>;
  /**
   * Votes sent whose answer never came (a timeout, a reset socket, a 5xx), by id, with their request body:
   * the app's outbox keeps these and sends them again, the same id, when the network returns; the run
   * does so once the load has stopped (resendUnanswered).
   */
  votesUnanswered: Map<string, string>;
}

interface Answer {
  status: number;
  text: string;
  /** When the request got its connection: the phone's own queue (6 per host, as browsers) is not the server's latency. */
  sentAt: number;
}

/** A slow link's state: when its down and up directions are next free (bandwidth is shared by a phone's requests). */
interface Link {
  rttMs: number;
  bitsPerS: number;
  upFreeAt: number;
  downFreeAt: number;
}

const TIMEOUT_MS = 30_000;
const HEARTBEAT_MS = 25_000;
const PASSWORD = 'Whiskers#2026';

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(body).toString();
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'deflate') return inflateSync(body).toString();
  return body.toString();
}

export class Phone {
  private readonly agent: Agent;
  private readonly link: Link | null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<unknown>>();
  private ws: WebSocket | null = null;
  private stopped = false;
  private cursors: Record<string, unknown>;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private accessToken: string | null = null;
  private couponIndex = 0;
  private voteCount = 0;
  private heartbeatUnanswered = false;
  private ref = 1;

  constructor(
    readonly id: string,
    private readonly base: URL,
    private readonly localAddress: string,
    private readonly hall: Hall,
    readonly slow: boolean,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 6, localAddress });
    this.link = slow ? { rttMs: hall.mix.slowRttMs, bitsPerS: hall.mix.slowBitsPerS, upFreeAt: 0, downFreeAt: 0 } : null;
    this.cursors = (JSON.parse(hall.shapes.resync.body) as { p_cursors: Record<string, unknown> }).p_cursors;
  }

  private get stats(): Stats {
    return this.hall.stats;
  }

  /** One HTTP exchange, timed from the phone's side; a slow link adds its delay and paces both directions. */
  private exchange(kind: Kind | null, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const run = async (): Promise<Answer> => {
      const link = this.link;
      if (link) await this.paceUp(link, Buffer.byteLength(body ?? '') + 400);
      const answer = await this.send(kind, method, path, headers, body, link).catch((e: unknown) => {
        // A keep-alive connection the server closed as it was reused: browsers send again on a new one.
        if ((e as { reusedSocket?: boolean }).reusedSocket && (e as NodeJS.ErrnoException).code === 'ECONNRESET') {
          return this.send(kind, method, path, headers, body, link);
        }
        throw e;
      });
      if (link) await sleep(link.rttMs / 2);
      if (kind) {
        if (answer.status >= 200 && answer.status < 300) this.stats.record(kind, performance.now() - answer.sentAt, this.slow);
        else this.stats.error(`${kind} ${method} ${path.split('?')[0]}: HTTP ${answer.status} ${answer.text.slice(0, 160)}`);
      }
      return answer;
    };
    const p = run().catch((e: unknown) => {
      this.stats.error(`${kind ?? 'request'} ${path.split('?')[0]}: ${e instanceof Error ? e.message : String(e)}`);
      return { status: 0, text: '', sentAt: 0 };
    });
    return this.track(p);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
    return p;
  }

  private send(kind: Kind | null, method: string, path: string, headers: Record<string, string>, body: string | undefined, link: Link | null): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let sentAt = performance.now();
      const req = request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          timeout: TIMEOUT_MS,
          headers: { ...headers, ...BROWSER_HEADERS, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (!link) return;
            // The link delivers this chunk no sooner than its bandwidth allows: hold the stream meanwhile.
            const now = performance.now();
            link.downFreeAt = Math.max(now, link.downFreeAt) + (chunk.length * 8 * 1000) / link.bitsPerS;
            const wait = link.downFreeAt - now;
            if (wait > 1) {
              res.pause();
              setTimeout(() => res.resume(), wait);
            }
          });
          res.on('error', reject);
          res.on('end', () => {
            try {
              const raw = Buffer.concat(chunks);
              // Static files and mirror pages are only counted, as the browser would just store them.
              const text = kind === 'static' || kind === 'mirror' ? '' : decode(raw, res.headers['content-encoding']);
              resolve({ status: res.statusCode ?? 0, text, sentAt });
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        },
      );
      req.once('socket', () => (sentAt = performance.now()));
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (e) => reject(Object.assign(e, { reusedSocket: req.reusedSocket })));
      req.end(body);
    });
  }

  private async paceUp(link: Link, bytes: number): Promise<void> {
    const now = performance.now();
    link.upFreeAt = Math.max(now, link.upFreeAt) + (bytes * 8 * 1000) / link.bitsPerS;
    await sleep(link.upFreeAt - now + link.rttMs / 2);
  }

  private later(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  /** Around `mean`: uniform in [0.5, 1.5] × mean, so phones never fall into step. */
  private jitter(mean: number): number {
    return mean * (0.5 + Math.random());
  }

  /** The first visit: the app and its precache, the full mirror, then the live socket and the visitor's habits. */
  async arrive(): Promise<void> {
    const { shapes, mix } = this.hall;
    const getHeaders = { accept: '*/*', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) showday' };
    await Promise.all(shapes.statics.map((path) => this.exchange('static', 'GET', path, getHeaders)));
    for (const page of shapes.firstPull) await this.exchange('mirror', 'POST', page.path, page.headers, page.body);
    if (this.stopped) return;
    await this.openSocket();
    this.later(Math.random() * mix.resyncEveryMs, () => this.resyncLoop());
    this.later(Math.random() * mix.voteEveryMs, () => this.voteLoop());
    // Signing up runs beside the rest (the visitor types while the phone listens); leave() waits for it.
    if (Math.random() < mix.signedInShare) this.track(this.signUpAndIn());
  }

  /** Stops the phone's habits, waits for what is in flight, closes its socket and connections. */
  async leave(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    while (this.inflight.size || this.pulling) await Promise.allSettled([...this.inflight, this.pulling]);
    if (this.ws) {
      this.ws.removeAllListeners('close');
      this.ws.close();
    }
    this.agent.destroy();
  }

  // ---------- live socket ----------

  private openSocket(): Promise<void> {
    const url = `ws://${this.base.host}/realtime/v1/websocket?apikey=${encodeURIComponent(this.hall.shapes.anonKey)}&vsn=2.0.0`;
    return new Promise<void>((resolve) => {
      const started = performance.now();
      const ws = new WebSocket(url, { localAddress: this.localAddress, perMessageDeflate: false, handshakeTimeout: TIMEOUT_MS });
      this.ws = ws;
      let joined = false;
      const joinRef = String(this.ref++);
      let timer: NodeJS.Timeout | undefined;
      ws.on('open', () => {
        // realtime-js times the join from its send, once the socket is open (the app's LIVE_JOIN_TIMEOUT_MS).
        timer = setTimeout(() => {
          if (!joined) {
            this.stats.error(`join: no reply in ${LIVE_JOIN_TIMEOUT_MS / 1000} s`);
            resolve();
          }
        }, LIVE_JOIN_TIMEOUT_MS);
        const payload = {
          config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: false },
          access_token: this.hall.shapes.anonKey,
        };
        this.wsSend(JSON.stringify([joinRef, joinRef, `realtime:${LIVE_TOPIC}`, 'phx_join', payload]));
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as [string | null, string | null, string, string, Record<string, unknown>];
        const [, ref, topic, event, payload] = frame;
        if (event === 'phx_reply' && ref === joinRef) {
          joined = true;
          clearTimeout(timer);
          const status = payload.status;
          if (status === 'ok') this.stats.record('join', performance.now() - started, this.slow);
          else this.stats.error(`join: ${JSON.stringify(payload)}`);
          this.later(HEARTBEAT_MS * Math.random(), () => this.heartbeat());
          resolve();
        } else if (event === 'phx_reply' && topic === 'phoenix') {
          this.heartbeatUnanswered = false;
        } else if (event === 'broadcast') {
          const poke = readLivePoke((payload as { payload?: unknown }).payload);
          if (!poke) return;
          // The app's live show: wait the guard, then a random point of the spread, then pull.
          const delay = (this.link ? this.link.rttMs / 2 : 0) + (poke.guard_ms ?? LIVE_GUARD_MS) + Math.random() * (poke.spread_ms ?? 1_000);
          this.later(delay, () => void this.pull());
        }
      });
      ws.on('error', (e) => {
        this.stats.error(`socket: ${e.message}`);
        if (!joined) resolve();
      });
      ws.on('close', (code) => {
        clearTimeout(timer);
        if (!this.stopped) this.stats.error(`socket closed by the server (${code})`);
        if (!joined) resolve();
      });
    });
  }

  private wsSend(text: string): void {
    const send = () => this.ws?.readyState === WebSocket.OPEN && this.ws.send(text);
    if (this.link) this.later(this.link.rttMs / 2, send);
    else send();
  }

  private heartbeat(): void {
    if (this.heartbeatUnanswered) this.stats.error('heartbeat: no reply within 25 s');
    this.heartbeatUnanswered = true;
    this.wsSend(JSON.stringify([null, String(this.ref++), 'phoenix', 'heartbeat', {}]));
    this.later(HEARTBEAT_MS, () => this.heartbeat());
  }

  // ---------- pulls ----------

  /** sync_pull from the phone's own cursors, as the sync engine: pages until nothing is left; pulls never overlap. */
  private pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        const { resync } = this.hall.shapes;
        const base = JSON.parse(resync.body) as Record<string, unknown>;
        const answer = await this.exchange('pull', 'POST', resync.path, resync.headers, JSON.stringify({ ...base, p_cursors: this.cursors }));
        if (answer.status !== 200) return;
        const page = JSON.parse(answer.text) as {
          held_back?: boolean;
          tables: Record<string, { more?: boolean; cursor?: unknown }>;
          tombstones: { more?: boolean; cursor?: unknown };
        };
        const next = { ...this.cursors };
        let more = page.tombstones.more === true;
        for (const [table, t] of Object.entries(page.tables)) {
          if (t.cursor) next[table] = t.cursor;
          more ||= t.more === true;
        }
        if (page.tombstones.cursor) next._tombstones = page.tombstones.cursor;
        this.cursors = next;
        if (more) this.pullAgain = true;
        if (page.held_back) this.later(LIVE_GUARD_MS, () => void this.pull());
      } while (this.pullAgain && !this.stopped);
    })().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private resyncLoop(): void {
    void this.pull();
    this.later(this.jitter(this.hall.mix.resyncEveryMs), () => this.resyncLoop());
  }

  // ---------- Visitor's Choice ----------

  private voteLoop(): void {
    void this.castVote();
    this.later(this.jitter(this.hall.mix.voteEveryMs), () => this.voteLoop());
  }

  private async castVote(): Promise<void> {
    const { shapes, mix } = this.hall;
    const one = vote(shapes.eventId, `showday-${this.id}-${this.voteCount++}`);
    const body = JSON.stringify({ p_votes: [one] });
    const send = async () => {
      const answer = await this.exchange('vote', 'POST', shapes.vote.path, shapes.vote.headers, body);
      if (answer.status === 200) {
        const status = (JSON.parse(answer.text) as { status?: string }[])[0]?.status;
        if (status === 'recorded' || status === 'replayed') {
          this.hall.votesAnswered.add(one.id);
          this.hall.votesUnanswered.delete(one.id);
        } else this.stats.error(`vote answered ${status ?? answer.text.slice(0, 120)}`);
      } else if (!this.hall.votesAnswered.has(one.id)) this.hall.votesUnanswered.set(one.id, body);
      return answer;
    };
    await send();
    // The outbox sends again when an answer was lost: the same vote, the same id.
    if (Math.random() < mix.duplicateVoteShare) await send();
  }

  // ---------- accounts and coupons ----------

  private async signUpAndIn(): Promise<void> {
    const { shapes } = this.hall;
    const email = `showday.${this.id}.${Date.now().toString(36)}@example.com`;
    const data = { first_name: 'Show', last_name: `Day ${this.id}`, phone: null, city: 'Amsterdam', country: 'Netherlands' };
    const up = await this.exchange(
      'signup',
      'POST',
      shapes.signup.path,
      shapes.signup.headers,
      JSON.stringify({ email, password: PASSWORD, data, gotrue_meta_security: {} }),
    );
    if (up.status !== 200) return;
    const sent = await this.exchange('verify', 'POST', '/functions/v1/send-verification', shapes.invoke.headers, JSON.stringify({ email }));
    if (sent.status !== 200) return;
    // The visitor opens the mail (the dev mailbox stands in for the phone's mail app) and taps the link.
    let token: string | null = null;
    for (let attempt = 0; attempt < 20 && !token && !this.stopped; attempt++) {
      const mail = await this.exchange(null, 'GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, { accept: 'application/json' });
      const mails = mail.status === 200 ? (JSON.parse(mail.text) as { text_body: string }[]) : [];
      token = mails.map((m) => /activate-account\?token=([A-Za-z0-9]+)/.exec(m.text_body)?.[1]).find(Boolean) ?? null;
      if (!token) await sleep(250);
    }
    if (!token) {
      if (!this.stopped) this.stats.error('verification mail never arrived in the dev mailbox');
      return;
    }
    const verified = await this.exchange('verify', 'POST', '/rest/v1/rpc/verify_account', shapes.vote.headers, JSON.stringify({ p_token: token }));
    if (verified.status !== 200) return;
    const signIn = await this.exchange(
      'signin',
      'POST',
      shapes.signin.path,
      shapes.signin.headers,
      JSON.stringify({ email, password: PASSWORD, gotrue_meta_security: {} }),
    );
    if (signIn.status !== 200) return;
    this.accessToken = (JSON.parse(signIn.text) as { access_token: string }).access_token;
    this.later(Math.random() * this.hall.mix.couponEveryMs, () => this.couponLoop());
  }

  private couponLoop(): void {
    void this.requestCoupon();
    this.later(this.jitter(this.hall.mix.couponEveryMs), () => this.couponLoop());
  }

  private async requestCoupon(): Promise<void> {
    const { shapes } = this.hall;
    // One coupon per advertiser and type; past the last one, asking again returns the coupon already sent.
    const coupon = shapes.coupons[this.couponIndex++ % shapes.coupons.length]!;
    const headers = { ...shapes.invoke.headers, authorization: `Bearer ${this.accessToken!}` };
    const body = JSON.stringify({ request_id: crypto.randomUUID(), ...coupon });
    await this.exchange('coupon', 'POST', '/functions/v1/send-coupon', headers, body);
  }
}

/**
 * The outbox's replay once the hall's network is back: every vote whose answer was lost is sent again, the
 * same id, one at a time, until it is answered "recorded" (it never arrived) or "replayed" (it had). After
 * this, votes stored must equal votes answered: more would be a vote stored twice, fewer one lost.
 */
export async function resendUnanswered(hall: Hall, baseUrl: string): Promise<{ resent: number; stillUnanswered: number }> {
  const resent = hall.votesUnanswered.size;
  for (const [id, body] of [...hall.votesUnanswered]) {
    for (let attempt = 0; attempt < 3 && hall.votesUnanswered.has(id); attempt++) {
      const answer = await fetch(`${baseUrl}${hall.shapes.vote.path}`, {
        method: 'POST',
        headers: hall.shapes.vote.headers,
        body,
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!answer?.ok) continue;
      const status = ((await answer.json()) as { status?: string }[])[0]?.status;
      if (status === 'recorded' || status === 'replayed') {
        hall.votesAnswered.add(id);
        hall.votesUnanswered.delete(id);
      }
    }
  }
  return { resent, stillUnanswered: hall.votesUnanswered.size };
}
