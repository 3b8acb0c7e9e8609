// What a function handler needs from its host: injected, so Deno (hosted) and Node (venue server) run the same code.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface MailMessage {
  /** What the mail is for (the venue server queues and counts mail by it). */
  kind: 'verification' | 'coupon';
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface FunctionDeps {
  /** A service-role client: bypasses RLS, so handlers check the caller themselves. */
  admin: SupabaseClient;
  /** Resolves once the mail is accepted for delivery (on the venue server: stored in its queue). */
  sendMail(msg: MailMessage): Promise<void>;
  /** Where the PWA is served; links in e-mails point here. */
  siteUrl: string;
  now(): number;
  /** Uniform random integer in [0, max). */
  randomInt(max: number): number;
}

export type Handler = (req: Request) => Promise<Response>;

/** crypto-backed randomInt with rejection sampling (no modulo bias). */
export function cryptoRandomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % max;
  }
}
