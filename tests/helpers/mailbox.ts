// Reads the venue server's dev mailbox (/_dev/mail) the way a developer would.
import type { VenueServer } from '../../server/start.ts';

export interface Mail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

export async function mailsTo(server: VenueServer, to: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/_dev/mail?format=json&to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

export function linkIn(mail: Mail, pattern: RegExp): string {
  const m = pattern.exec(mail.text_body);
  if (!m) throw new Error(`no link matching ${pattern} in: ${mail.text_body}`);
  return m[0];
}

let counter = 0;
/** A fresh address per call: tests sharing a server, and (random part) test files sharing one PostgreSQL database, never collide. */
export function uniqueEmail(prefix = 'visitor'): string {
  return `${prefix}.${Date.now().toString(36)}.${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}
