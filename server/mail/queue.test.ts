// The mail queue's retry timing and the start banner's mail line, as tables.
import { describe, expect, it } from 'vitest';
import { mailBanner } from './banner.ts';
import { MAIL_RETRY, retryDelayMs, staleClaimMs } from './queue.ts';

describe('retryDelayMs', () => {
  it.each([
    // failures, random, expected wait
    [1, 0, 5_000],
    [2, 0, 10_000],
    [3, 0, 20_000],
    [6, 0, 160_000],
    [7, 0, 300_000],
    [50, 0, 300_000],
    [5000, 0, 300_000],
    [1, 1, 4_000],
    [7, 1, 240_000],
    [7, 0.5, 270_000],
  ])('after %i failure(s) with random %d waits %i ms', (failures, random, expected) => {
    expect(retryDelayMs(failures, {}, () => random)).toBe(expected);
  });

  it('takes shorter timings from the options', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, { firstRetryMs: 100, maxRetryMs: 400, jitter: 0 }))).toEqual([100, 200, 400, 400]);
  });

  it('treats a claim as stale after twice the send deadline', () => {
    expect(staleClaimMs()).toBe(2 * MAIL_RETRY.sendDeadlineMs);
    expect(staleClaimMs({ sendDeadlineMs: 1_000 })).toBe(2_000);
  });
});

describe('mailBanner', () => {
  const smtp = { host: 'smtp.example.org', port: 587, secure: false, from: 'show@example.org' };
  const api = 'https://show.example.org';
  it.each([
    [{ host: '127.0.0.1', smtp, devMailboxForced: false }, 'smtp', 0, '  Mail:         SMTP smtp.example.org:587', 0],
    [{ host: '0.0.0.0', smtp, devMailboxForced: false }, 'smtp', 3, '  Mail:         SMTP smtp.example.org:587 (3 waiting in the queue, sending now)', 0],
    [{ host: '127.0.0.1', smtp: null, devMailboxForced: false }, 'dev', 0, '  Dev mailbox:  https://show.example.org/_dev/mail', 0],
    [{ host: '0.0.0.0', smtp: null, devMailboxForced: false }, 'queue', 2, '  Mail:         queued (no SMTP_HOST); 2 waiting — set SMTP_HOST to send', 0],
    [{ host: '0.0.0.0', smtp: null, devMailboxForced: true }, 'dev', 0, '  Dev mailbox:  https://show.example.org/_dev/mail', 1],
    [{ host: '0.0.0.0', smtp, devMailboxForced: true }, 'smtp', 0, '  Mail:         SMTP smtp.example.org:587', 1],
  ] as const)('%o with %s and %i waiting', (config, delivery, pending, line, warnings) => {
    const banner = mailBanner(config, delivery, pending, api);
    expect(banner.line).toBe(line);
    expect(banner.warnings).toHaveLength(warnings);
  });

  it('warns that anyone on the network can read the forced dev mailbox', () => {
    const { warnings } = mailBanner({ host: '0.0.0.0', smtp: null, devMailboxForced: true }, 'dev', 0, api);
    expect(warnings).toEqual([
      'WARNING: DEV_MAILBOX=on while listening on 0.0.0.0: anyone on this network can open https://show.example.org/_dev/mail ' +
        'and read every password-reset link, verification link and coupon code. For a show, set SMTP_HOST ' +
        '(mail waits in the queue until it answers) and leave DEV_MAILBOX empty.',
    ]);
  });
});
