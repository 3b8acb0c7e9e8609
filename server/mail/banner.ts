// What the start banner says about mail: where it goes, how much waits, and the shared-network warning.
import type { ServerConfig } from '../config.ts';
import type { MailDelivery } from './mailer.ts';

/** The banner's mail line and any warnings (printed to stderr), for the mailer start chose. */
export function mailBanner(
  config: Pick<ServerConfig, 'host' | 'smtp' | 'devMailboxForced'>,
  delivery: MailDelivery,
  pending: number,
  apiUrl: string,
): { line: string; warnings: string[] } {
  const waiting = `${pending} waiting`;
  const line =
    delivery === 'smtp'
      ? `  Mail:         SMTP ${config.smtp?.host}:${config.smtp?.port}${pending ? ` (${waiting} in the queue, sending now)` : ''}`
      : delivery === 'dev'
        ? `  Dev mailbox:  ${apiUrl}/_dev/mail`
        : `  Mail:         queued (no SMTP_HOST); ${waiting} — set SMTP_HOST to send`;
  const warnings: string[] = [];
  if (config.devMailboxForced && delivery === 'dev') {
    warnings.push(
      `WARNING: DEV_MAILBOX=on while listening on ${config.host}: anyone on this network can open ${apiUrl}/_dev/mail ` +
        'and read every password-reset link, verification link and coupon code. For a show, set SMTP_HOST ' +
        '(mail waits in the queue until it answers) and leave DEV_MAILBOX empty.',
    );
  } else if (config.devMailboxForced) {
    warnings.push('DEV_MAILBOX=on is ignored: SMTP_HOST is set, so mail goes to the SMTP server and /_dev/mail is off.');
  }
  return { line, warnings };
}
