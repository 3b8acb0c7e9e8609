// Outgoing mail: stored first in _venue.mail_queue, then delivered by SMTP (retried with capped backoff),
// into the dev mailbox (_dev.mail), or kept until the server runs with SMTP_HOST. Never lost, sent once.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ServerConfig, SmtpConfig } from '../config.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { MailDelivery, Mailer, MailKind, MailMessage } from './mailer.ts';

/** Retry timing and deadlines of SMTP delivery; tests shorten them through MailQueueOptions. */
export const MAIL_RETRY = {
  /** The wait after the first failed attempt; it doubles with each failure… */
  firstRetryMs: 5_000,
  /** …up to this cap, so a hall whose internet comes back sends within five minutes. */
  maxRetryMs: 5 * 60_000,
  /** Each wait is shortened by up to this share at random, so restarted servers do not retry in step. */
  jitter: 0.2,
  /** One SMTP conversation (connect, greeting, send) ends by then, answered or not. */
  sendDeadlineMs: 60_000,
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
  /** A mail the SMTP server refuses this many times with a permanent (5xx) answer is given up (failed_at). */
  permanentRefusals: 3,
  /** On close, a send in flight gets this long to finish before it is aborted (and retried next run). */
  closeGraceMs: 5_000,
} as const;

export type MailQueueOptions = Partial<Record<keyof typeof MAIL_RETRY, number>>;

/** The wait before the next attempt after `failures` failed ones (≥ 1): capped exponential, jittered. */
export function retryDelayMs(failures: number, options: MailQueueOptions = {}, random: () => number = Math.random): number {
  const r = { ...MAIL_RETRY, ...options };
  const capped = Math.min(r.firstRetryMs * 2 ** Math.max(0, failures - 1), r.maxRetryMs);
  return Math.round(capped * (1 - r.jitter * random()));
}

/** A claim older than this belongs to a sender that died mid-send (or a stuck one), and is taken over. */
export const staleClaimMs = (options: MailQueueOptions = {}): number => 2 * (options.sendDeadlineMs ?? MAIL_RETRY.sendDeadlineMs);

interface QueuedMail {
  id: string;
  kind: MailKind;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_id: string;
  attempts: number;
  refusals: number;
}

/** `<uuid@domain of From>`: set once when stored, so every attempt carries the same Message-ID. */
function newMessageId(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'purrfect-show.local';
  return `<${randomUUID()}@${domain}>`;
}

async function store(db: Db, from: string, msg: MailMessage, sent: boolean): Promise<void> {
  const values = [msg.kind, from, msg.to, msg.subject, msg.text, msg.html ?? null, newMessageId(from)];
  if (!sent) {
    await db.query(
      `insert into _venue.mail_queue (kind, from_address, to_address, subject, text_body, html_body, message_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      values,
    );
    return;
  }
  // The dev mailbox is this database: stored and delivered in one transaction.
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into _venue.mail_queue (kind, from_address, to_address, subject, text_body, html_body, message_id, attempts, sent_at)
       values ($1, $2, $3, $4, $5, $6, $7, 1, now())`,
      values,
    );
    await tx.query('insert into _dev.mail (from_address, to_address, subject, text_body, html_body) values ($1, $2, $3, $4, $5)', [
      from,
      msg.to,
      msg.subject,
      msg.text,
      msg.html ?? null,
    ]);
  });
}

/**
 * The mailer for this configuration: SMTP when SMTP_HOST is set, else the dev mailbox when it is on
 * (config.devMailbox), else the queue alone. Mail another run left unsent goes out only through SMTP:
 * the dev mailbox never swallows a visitor's real mail.
 */
export function mailQueue(db: Db, config: ServerConfig, options: MailQueueOptions = {}): Mailer {
  if (config.smtp) return smtpQueue(db, config.smtp, options);
  return config.devMailbox ? devMailer(db, config.mailFrom) : queueOnly(db, config.mailFrom);
}

/**
 * How many mails of these kinds were stored for this address since `sinceMs` (epoch ms), sent or not:
 * the per-address budget of mail a stranger can cause (sign-up, recovery), counted for every address alike.
 */
export async function mailedLately(db: Queryable, to: string, kinds: readonly MailKind[], sinceMs: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from _venue.mail_queue
      where lower(to_address) = lower($1) and created_at > $2::timestamptz and kind = any($3::text[])`,
    [to, new Date(sinceMs).toISOString(), kinds],
  );
  return rows[0]?.n ?? 0;
}

/** Mail still to be sent: what the banner and venue:check show. */
export const pendingCount = async (db: Queryable): Promise<number> =>
  (await db.query<{ n: number }>('select count(*)::int as n from _venue.mail_queue where sent_at is null and failed_at is null')).rows[0]?.n ?? 0;

function simpleMailer(db: Db, kind: Exclude<MailDelivery, 'smtp'>, from: string): Mailer {
  return {
    kind,
    async send(msg) {
      await store(db, from, msg, kind === 'dev');
      console.log(`[mail] ${kind === 'dev' ? 'dev mailbox' : 'queued (no SMTP_HOST)'}: ${msg.kind} to ${msg.to}: ${msg.subject}`);
    },
    pending: () => pendingCount(db),
    close: async () => {},
  };
}

/** Delivers into the dev mailbox (_dev.mail) before send() returns. */
export const devMailer = (db: Db, from: string): Mailer => simpleMailer(db, 'dev', from);

/** Stores only: the mail waits for a start with SMTP_HOST. */
const queueOnly = (db: Db, from: string): Mailer => simpleMailer(db, 'queue', from);

/** A failure of the server or the way to it (no SMTP reply code), not of this one mail. */
const isServerDown = (e: unknown): boolean => typeof (e as { responseCode?: unknown }).responseCode !== 'number';

/** The SMTP server refused this mail for good (5xx, e.g. 550 no such mailbox): retrying forever only hurts the sender's name. */
const isPermanentRefusal = (e: unknown): boolean => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/**
 * send() stores and returns; one loop per server claims due mail (claimed_at, in one UPDATE … RETURNING,
 * so two loops or processes never hold the same mail), sends it, and commits sent_at right after the
 * SMTP server accepts it. A failure waits retryDelayMs; the loop sleeps until the next mail is due.
 */
function smtpQueue(db: Db, smtp: SmtpConfig, options: MailQueueOptions): Mailer {
  const r = { ...MAIL_RETRY, ...options };
  const staleMs = staleClaimMs(options);
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    // One connection, kept open while the queue drains, and renewed every 10 messages: nodemailer adds a
    // socket listener per message on a pooled connection (MaxListenersExceededWarning past 10).
    pool: true,
    maxConnections: 1,
    maxMessages: 10,
    connectionTimeout: r.connectionTimeoutMs,
    greetingTimeout: r.greetingTimeoutMs,
    socketTimeout: r.socketTimeoutMs,
    dnsTimeout: r.connectionTimeoutMs,
  });

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** After the server itself failed, nothing is claimed before this (epoch ms): one mail probes it. */
  let serverDownUntil = 0;

  const claim = async (): Promise<QueuedMail | null> => {
    const { rows } = await db.query<QueuedMail>(
      `update _venue.mail_queue set claimed_at = now()
        where id = (select id from _venue.mail_queue
                     where sent_at is null and failed_at is null and next_attempt_at <= now()
                       and (claimed_at is null or claimed_at < now() - $1::float8 * interval '1 millisecond')
                     order by next_attempt_at, id limit 1
                     for update skip locked)
          and sent_at is null
      returning id::text, kind, from_address, to_address, subject, text_body, html_body, message_id, attempts, refusals`,
      [staleMs],
    );
    return rows[0] ?? null;
  };

  /** Aborts a send in flight when the server closes and the grace is over. */
  const closing = new AbortController();

  const sendOne = (mail: QueuedMail) =>
    transport.sendMail({
      from: mail.from_address,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      ...(mail.html_body === null ? {} : { html: mail.html_body }),
      messageId: mail.message_id,
      // The whole conversation has a deadline; aborting closes its connection.
      signal: AbortSignal.any([AbortSignal.timeout(r.sendDeadlineMs), closing.signal]),
    });

  const deliver = async (mail: QueuedMail): Promise<void> => {
    try {
      await sendOne(mail);
    } catch (e) {
      const waitMs = retryDelayMs(mail.attempts + 1, options);
      const refusals = mail.refusals + (isPermanentRefusal(e) ? 1 : 0);
      const giveUp = refusals >= r.permanentRefusals;
      await db.query(
        `update _venue.mail_queue
            set attempts = attempts + 1, refusals = $4, last_error = $2, claimed_at = null,
                next_attempt_at = now() + $3::float8 * interval '1 millisecond',
                failed_at = case when $5::boolean then now() end
          where id = $1 and sent_at is null`,
        [mail.id, errorText(e), waitMs, refusals, giveUp],
      );
      if (giveUp) {
        console.error(`[mail] ${mail.kind} to ${mail.to_address} given up: refused ${refusals} times by the SMTP server: ${errorText(e)}`);
        return;
      }
      console.error(`[mail] ${mail.kind} to ${mail.to_address} not sent (attempt ${mail.attempts + 1}, next in ${(waitMs / 1000).toFixed(1)} s): ${errorText(e)}`);
      if (isServerDown(e)) serverDownUntil = Date.now() + waitMs;
      return;
    }
    await db.query(
      `update _venue.mail_queue set sent_at = coalesce(sent_at, now()), attempts = attempts + 1, claimed_at = null, last_error = null
        where id = $1`,
      [mail.id],
    );
    console.log(`[mail] sent ${mail.kind} to ${mail.to_address}: ${mail.subject}`);
  };

  /** Milliseconds until the next unsent mail is due (or its claim goes stale); null when none waits. */
  const nextDueMs = async (): Promise<number | null> => {
    const { rows } = await db.query<{ ms: number | null }>(
      `select extract(epoch from min(greatest(next_attempt_at, coalesce(claimed_at + $1::float8 * interval '1 millisecond', next_attempt_at))) - now())::float8 * 1000 as ms
         from _venue.mail_queue where sent_at is null and failed_at is null`,
      [staleMs],
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? null : Math.max(0, ms);
  };

  const sleep = (ms: number) => {
    clearTimeout(timer);
    // At least once per cap, whatever the clock does.
    timer = setTimeout(kick, Math.min(Math.max(ms, 0), r.maxRetryMs));
    timer.unref();
  };

  const run = async (): Promise<void> => {
    try {
      while (!stopped && Date.now() >= serverDownUntil) {
        const mail = await claim();
        if (!mail) break;
        await deliver(mail);
      }
      if (stopped) return;
      const due = await nextDueMs();
      const downMs = serverDownUntil - Date.now();
      if (due !== null) sleep(Math.max(due, downMs));
      else if (downMs > 0) sleep(downMs);
    } catch (e) {
      // The database failed (or is closing): try again later rather than lose the loop.
      if (stopped) return;
      console.error('[mail] delivery loop failed', e);
      sleep(r.firstRetryMs);
    }
  };

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
  }

  // Mail left unsent by an earlier run (or a crash) goes out now.
  kick();

  return {
    kind: 'smtp',
    async send(msg) {
      await store(db, smtp.from, msg, false);
      kick();
    },
    pending: () => pendingCount(db),
    async close() {
      stopped = true;
      clearTimeout(timer);
      if (running) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, r.closeGraceMs)))]);
        clearTimeout(grace);
        closing.abort();
      }
      while (running) await running;
      transport.close();
    },
  };
}
