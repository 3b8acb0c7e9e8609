// Outgoing mail: real SMTP through nodemailer when SMTP_HOST is set, else the dev mailbox table (_dev.mail).
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Db } from '../db/types.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(msg: MailMessage): Promise<void>;
}

export function smtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  return {
    kind: 'smtp',
    async send(msg) {
      await transport.sendMail({ from: smtp.from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    },
  };
}

export function devMailer(db: Db, from: string): Mailer {
  return {
    kind: 'dev',
    async send(msg) {
      await db.query(
        'insert into _dev.mail (from_address, to_address, subject, text_body, html_body) values ($1, $2, $3, $4, $5)',
        [from, msg.to, msg.subject, msg.text, msg.html ?? null],
      );
      console.log(`[mail] to ${msg.to}: ${msg.subject}`);
    },
  };
}
