// Mail on a shared network and without internet: the dev mailbox only on loopback or with
// DEV_MAILBOX=on; every mail stored in _venue.mail_queue first, sent once a local test SMTP server
// answers, and never sent twice, also across a restart on the same database.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { generateKeys, type KeySettings } from '../../server/keys.ts';
import type { MailQueueOptions } from '../../server/mail/queue.ts';
import type { VenueServer } from '../../server/start.ts';
import { testClient } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { forEngines, startTestServer, type Engine } from '../helpers/server.ts';

const PASSWORD = 'Whiskers#2026';
const PROFILE = { first_name: 'Ada', last_name: 'Lovelace' };
/** These tests start their own servers (a restart is the point): room for a slow start on a busy machine. */
const START_TIMEOUT_MS = 120_000;
/** Retries within a test's patience: 100 ms doubling to 400 ms. */
const FAST_RETRY: MailQueueOptions = { firstRetryMs: 100, maxRetryMs: 400, closeGraceMs: 1_000 };

/** A port nothing listens on (yet): the SMTP server of a hall whose internet is down. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Received {
  to: string[];
  messageId: string | undefined;
  raw: string;
}

/** A local SMTP server that records what it accepts; it can be up or down on a fixed port. */
class TestSmtp {
  readonly received: Received[] = [];
  /** Recipients this server refuses for good (550), as for a mistyped address. */
  readonly refused = new Set<string>();
  private server: SMTPServer | undefined;
  constructor(readonly port: number) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      closeTimeout: 200,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1],
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }
}

/**
 * A venue server for this engine: PGlite in memory or in dataDir (to restart on it), or this run's
 * PostgreSQL. Unseeded unless asked: these tests need accounts, not the show's catalogue.
 */
function startVenue(
  engine: Engine,
  env: Record<string, string>,
  mail: MailQueueOptions = FAST_RETRY,
  { dataDir = null, seed = false }: { dataDir?: string | null; seed?: boolean } = {},
): Promise<VenueServer> {
  return startTestServer(engine, env, { mail, seed, dataDir });
}

/** Where this machine reaches the server (a 0.0.0.0 bind is reached on 127.0.0.1). */
const reachable = (server: VenueServer) => `http://127.0.0.1:${new URL(server.url).port}`;

interface QueueRow {
  kind: string;
  subject: string;
  text_body: string;
  message_id: string;
  attempts: number;
  last_error: string | null;
  sent: boolean;
  failed: boolean;
}

const queued = async (server: VenueServer, to: string): Promise<QueueRow[]> =>
  (
    await server.db.query<QueueRow>(
      `select kind, subject, text_body, message_id, attempts, last_error, sent_at is not null as sent, failed_at is not null as failed
         from _venue.mail_queue where to_address = $1 order by id`,
      [to],
    )
  ).rows;

/** The PostgreSQL database outlives the run: take this test's unsent mail with it. */
const forget = (server: VenueServer, to: string) => server.db.query('delete from _venue.mail_queue where to_address = $1', [to]);

async function waitFor<T>(what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signUp(anon: SupabaseClient, email: string): Promise<void> {
  const { error } = await anon.auth.signUp({ email, password: PASSWORD, options: { data: PROFILE } });
  expect(error).toBeNull();
}

describe.each(forEngines(['pglite', 'postgres'], 'claims, a stale claim taken over and a restart on one database: row locks'))('mail queue on %s', (engine) => {
  describe("bound to every interface (0.0.0.0) with this show's own keys", () => {
    let keys: KeySettings;
    const hall = () => ({ HOST: '0.0.0.0', SITE_URL: 'http://show.example.org', ...keys });
    beforeAll(async () => {
      keys = await generateKeys();
    });

    it(
      'has no dev mailbox without DEV_MAILBOX=on: sign-up, reset and coupon mails wait in the queue, and the visitor hears success',
      async () => {
        const server = await startVenue(engine, hall(), FAST_RETRY, { seed: true });
        const email = uniqueEmail('hall');
        try {
          expect(server.mailer.kind).toBe('queue');
          const mailbox = await fetch(`${reachable(server)}/_dev/mail?format=json`);
          expect(mailbox.status).toBe(404);
          expect(await mailbox.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /_dev/mail' });

          const anon = testClient(reachable(server), keys.ANON_KEY);
          await signUp(anon, email);
          const reset = await anon.auth.resetPasswordForEmail(email);
          expect(reset).toEqual({ data: {}, error: null });

          // The owner is told the verification mail went out (send-verification's own answer, not the blanket one).
          const user = testClient(reachable(server), keys.ANON_KEY);
          expect((await user.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
          const verification = await user.functions.invoke('send-verification', { body: { email } });
          expect(verification.error).toBeNull();
          expect(verification.data).toMatchObject({ sent: true, expires_at: expect.any(String) });

          // Verified with the queued mail's token (in the hall it would arrive once SMTP answers), the
          // visitor gets the coupon in the answer, so its queued e-mail blocks nothing.
          const [, verificationMail] = await queued(server, email);
          const token = /activate-account\?token=([A-Za-z0-9]+)/.exec(verificationMail!.text_body)![1]!;
          expect((await anon.rpc('verify_account', { p_token: token })).error).toBeNull();
          const advertiser = (await user.from('advertisers').select('id').eq('discount_voucher_enabled', true).limit(1).single()).data!;
          const coupon = await user.functions.invoke('send-coupon', {
            body: { request_id: crypto.randomUUID(), advertiser_id: advertiser.id, coupon_type: 'discount' },
          });
          expect(coupon.error).toBeNull();
          expect(coupon.data).toMatchObject({ coupon_type: 'discount', duplicate: false, coupon_code: expect.any(String) });

          const rows = await queued(server, email);
          expect(rows.map((r) => [r.kind, r.subject, r.sent, r.attempts])).toEqual([
            ['recovery', 'Reset Your Password', false, 0],
            ['verification', 'Verify your PurrFect Show account', false, 0],
            ['coupon', expect.stringMatching(/ coupon: \$\d+\.\d\d off$/), false, 0],
          ]);
          expect(rows[2]!.text_body).toContain((coupon.data as { coupon_code: string }).coupon_code);
          expect(await server.mailer.pending()).toBeGreaterThanOrEqual(3);
        } finally {
          await forget(server, email);
          await server.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      'serves the dev mailbox with DEV_MAILBOX=on, the reset mail in it right after the answer',
      async () => {
        const server = await startVenue(engine, { ...hall(), DEV_MAILBOX: 'on' });
        try {
          expect(server.config.devMailboxForced).toBe(true);
          expect(server.mailer.kind).toBe('dev');
          const anon = testClient(reachable(server), keys.ANON_KEY);
          const email = uniqueEmail('forced');
          await signUp(anon, email);
          expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
          // /recover looks the address up once its answer has left, so the mail follows it by a moment.
          const subjects = async () => {
            const res = await fetch(`${reachable(server)}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
            expect(res.status).toBe(200);
            return ((await res.json()) as { subject: string }[]).map((m) => m.subject);
          };
          await expect.poll(subjects, { timeout: 5_000 }).toEqual(['Reset Your Password']);
          expect((await queued(server, email)).map((r) => [r.kind, r.sent])).toEqual([['recovery', true]]);
        } finally {
          await server.close();
        }
      },
      START_TIMEOUT_MS,
    );
  });

  describe('with SMTP_HOST', () => {
    let smtp: TestSmtp;
    let dataDir: string | null = null;
    beforeAll(async () => {
      smtp = new TestSmtp(await freePort());
      if (engine === 'pglite') dataDir = mkdtempSync(join(tmpdir(), 'purrfect-mail-'));
    });
    afterAll(async () => {
      await smtp?.down();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    const env = () => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });

    it(
      'queues a reset mail while the SMTP server is down and delivers it exactly once when it comes up',
      async () => {
        const server = await startVenue(engine, env());
        try {
          expect(server.mailer.kind).toBe('smtp');
          const anon = testClient(server.url, server.config.anonKey);
          const email = uniqueEmail('noon');
          await signUp(anon, email);
          expect(await anon.auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null });

          // Attempted and failed at least twice (so retried on its backoff), still unsent.
          const failing = await waitFor(
            'two failed attempts',
            () => queued(server, email),
            (rows) => (rows[0]?.attempts ?? 0) >= 2,
          );
          expect(failing).toHaveLength(1);
          expect(failing[0]).toMatchObject({ kind: 'recovery', sent: false, last_error: expect.stringMatching(/ECONNREFUSED/) });

          await smtp.up();
          await waitFor(
            'the delivery',
            () => smtp.to(email).length,
            (n) => n > 0,
          );
          const [row] = await waitFor(
            'sent_at',
            () => queued(server, email),
            (rows) => rows[0]?.sent === true,
          );
          // Several retry periods later there is still one delivery, with the Message-ID stored at send().
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          expect(smtp.to(email)).toHaveLength(1);
          expect(smtp.to(email)[0]!.messageId).toBe(row!.message_id);
          expect(smtp.to(email)[0]!.raw).toContain('Subject: Reset Your Password');
          expect(row).toMatchObject({ last_error: null, sent: true });
        } finally {
          await server.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      'never sends twice across a restart: mail sent before stays sent, mail pending at the stop goes out once',
      async () => {
        await smtp.up();
        const first = await startVenue(engine, env(), FAST_RETRY, { dataDir });
        const before = uniqueEmail('before');
        const during = uniqueEmail('during');
        try {
          const anon = testClient(first.url, first.config.anonKey);
          await signUp(anon, before);
          await signUp(anon, during);
          expect((await anon.auth.resetPasswordForEmail(before)).error).toBeNull();
          await waitFor(
            'the first delivery',
            () => queued(first, before),
            (rows) => rows[0]?.sent === true,
          );
          expect(smtp.to(before)).toHaveLength(1);

          await smtp.down();
          expect((await anon.auth.resetPasswordForEmail(during)).error).toBeNull();
          await waitFor(
            'a failed attempt',
            () => queued(first, during),
            (rows) => (rows[0]?.attempts ?? 0) >= 1,
          );
        } finally {
          await first.close();
        }

        await smtp.up();
        const second = await startVenue(engine, env(), FAST_RETRY, { dataDir });
        try {
          await waitFor(
            'the delivery after the restart',
            () => queued(second, during),
            (rows) => rows[0]?.sent === true,
          );
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          expect(smtp.to(during)).toHaveLength(1);
          expect(smtp.to(before)).toHaveLength(1);
          expect(await queued(second, before)).toMatchObject([{ sent: true }]);
        } finally {
          await second.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      'gives up a mail the SMTP server refuses for good (550) after three refusals, and keeps sending the others',
      async () => {
        await smtp.up();
        const server = await startVenue(engine, env());
        const wrong = uniqueEmail('mistyped');
        const right = uniqueEmail('right');
        smtp.refused.add(wrong.toLowerCase());
        try {
          const anon = testClient(server.url, server.config.anonKey);
          await signUp(anon, wrong);
          await signUp(anon, right);
          const pendingBefore = await server.mailer.pending();
          expect((await anon.auth.resetPasswordForEmail(wrong)).error).toBeNull();
          const [given] = await waitFor(
            'the mail given up',
            () => queued(server, wrong),
            (rows) => rows[0]?.failed === true,
          );
          expect(given).toMatchObject({ sent: false, attempts: 3, last_error: expect.stringMatching(/550/) });
          expect(await server.mailer.pending()).toBe(pendingBefore);
          expect((await anon.auth.resetPasswordForEmail(right)).error).toBeNull();
          await waitFor(
            'the other mail',
            () => smtp.to(right).length,
            (n) => n === 1,
          );
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          expect((await queued(server, wrong))[0]!.attempts).toBe(3);
        } finally {
          smtp.refused.clear();
          await forget(server, wrong);
          await server.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      'takes over a stale claim (a sender that died mid-send), but not a fresh one',
      async () => {
        await smtp.up();
        // Stale after twice the send deadline: 2 s here.
        const server = await startVenue(engine, env(), { ...FAST_RETRY, sendDeadlineMs: 1_000 });
        const email = uniqueEmail('stale');
        try {
          const anon = testClient(server.url, server.config.anonKey);
          await signUp(anon, email);
          // Another process claimed this mail a moment ago and is sending it.
          await server.db.query(
            `insert into _venue.mail_queue (kind, from_address, to_address, subject, text_body, message_id, claimed_at)
           values ('account', 'show@example.org', $1, 'Claimed elsewhere', 'hello', $2, now())`,
            [email, `<${crypto.randomUUID()}@example.org>`],
          );
          // A new mail wakes the loop: it goes out, the freshly claimed one is left alone…
          expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
          await waitFor(
            'the reset mail',
            () => smtp.to(email).length,
            (n) => n > 0,
          );
          expect(smtp.to(email).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual(['Reset Your Password']);
          // …until its claim goes stale: then this server sends it, once.
          await waitFor(
            'the stale claim taken over',
            () => smtp.to(email).length,
            (n) => n > 1,
            5_000,
          );
          await waitFor(
            'sent_at',
            () => queued(server, email),
            (rows) => rows.every((r) => r.sent),
          );
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(smtp.to(email).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual(['Reset Your Password', 'Claimed elsewhere']);
        } finally {
          await server.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      'does not keep the visitor waiting on an SMTP server that accepts the connection and never answers',
      async () => {
        const sockets = new Set<Socket>();
        const silent: Server = createServer((socket) => sockets.add(socket));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const { port } = silent.address() as AddressInfo;
        const server = await startVenue(engine, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }, { ...FAST_RETRY, greetingTimeoutMs: 10_000 });
        const email = uniqueEmail('silent');
        try {
          const anon = testClient(server.url, server.config.anonKey);
          await signUp(anon, email);
          const started = Date.now();
          expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
          expect(Date.now() - started).toBeLessThan(5_000);
          await waitFor(
            'the SMTP connection',
            () => sockets.size,
            (n) => n > 0,
          );
          expect(await queued(server, email)).toMatchObject([{ kind: 'recovery', sent: false, attempts: 0 }]);
        } finally {
          // close() gives the stuck conversation closeGraceMs, then aborts it: well before the greeting timeout.
          const closing = Date.now();
          await server.close();
          expect(Date.now() - closing).toBeLessThan(5_000);
          for (const socket of sockets) socket.destroy();
          await new Promise<void>((resolve) => silent.close(() => resolve()));
        }
        if (engine === 'postgres') {
          // The aborted attempt is recorded; PostgreSQL outlives the run, so take the unsent mail away.
          const cleanup = await startVenue(engine, {});
          // eslint-disable-next-line vitest/no-conditional-expect -- only PostgreSQL outlives the server to read the attempt back
          expect(await queued(cleanup, email)).toMatchObject([{ sent: false, attempts: 1, last_error: expect.stringMatching(/abort/i) }]);
          await forget(cleanup, email);
          await cleanup.close();
        }
      },
      START_TIMEOUT_MS,
    );
  });
});
