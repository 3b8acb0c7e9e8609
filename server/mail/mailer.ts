// What the server's mail senders hand over, and the mailer they hand it to (server/mail/queue.ts).

/** What a mail is for: venue:check and the logs group the queue by it. */
export type MailKind = 'verification' | 'recovery' | 'coupon' | 'account';

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where send() puts a mail once it is stored in _venue.mail_queue: an SMTP server (in the background,
 * retried until it answers), the dev mailbox (_dev.mail, before send() returns), or nowhere yet
 * ('queue': no SMTP_HOST and no dev mailbox; the mail waits for a start with SMTP_HOST).
 */
export type MailDelivery = 'smtp' | 'dev' | 'queue';

export interface Mailer {
  readonly kind: MailDelivery;
  /** Stores the mail (never lost once this resolves); with the dev mailbox it is also delivered. */
  send(msg: MailMessage): Promise<void>;
  /** Mails not sent yet, from this and earlier runs. */
  pending(): Promise<number>;
  /** Stops the delivery loop, waiting for a send in flight to record its outcome. */
  close(): Promise<void>;
}
