// Deno side of the functions (hosted Supabase): builds the injected deps from the function's environment.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer';
import { createClient } from '@supabase/supabase-js';
import { cryptoRandomInt, type FunctionDeps, type MailMessage } from './deps.ts';

function env(name: string, fallback?: string): string {
  const v = Deno.env.get(name) ?? fallback;
  if (v === undefined) throw new Error(`Missing environment variable ${name}`);
  return v;
}

function mailer(): (msg: MailMessage) => Promise<void> {
  const host = Deno.env.get('SMTP_HOST');
  if (!host) {
    // No SMTP configured: log the mail, as the spec's mock does.
    return async (msg) => console.log(`[mail] to ${msg.to}: ${msg.subject}\n${msg.text}`);
  }
  const transport = nodemailer.createTransport({
    host,
    port: Number(env('SMTP_PORT', '587')),
    secure: env('SMTP_SECURE', 'false') === 'true',
    auth: Deno.env.get('SMTP_USER') ? { user: env('SMTP_USER'), pass: env('SMTP_PASS', '') } : undefined,
  });
  const from = env('SMTP_FROM', 'PurrFect Show <no-reply@purrfect-show.example>');
  return async (msg) => {
    await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
  };
}

export function denoDeps(): FunctionDeps {
  return {
    admin: createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
    sendMail: mailer(),
    siteUrl: env('SITE_URL', 'http://127.0.0.1:54321').replace(/\/$/, ''),
    now: Date.now,
    randomInt: cryptoRandomInt,
  };
}
