// What of a visitor's own text our mail may repeat, and how much mail a stranger can send one address:
// anyone can sign up any address with any name, so a greeting must not carry a stranger's message or a
// link a mail client would make clickable, and the address's inbox is not theirs to fill.

/**
 * Mails of one kind (verification, "you already have an account", password reset) one address receives
 * in an hour at most, whoever asks: send-verification and the venue server's auth both keep to it.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;

/** The most of a name a greeting repeats. */
const MAIL_NAME_MAX_LENGTH = 40;

/**
 * What mail clients turn into links: a scheme (http:, mailto:, …), `//`, `www`, an e-mail address (any
 * `@`), or a dot between two letters or digits (evil.com, 10.0.0.1). Checked after NFKC folding, so
 * full-width look-alikes count too; the ideographic full stop is a dot to browsers' address parsing.
 */
const LINK_LIKE = /[\p{L}\p{N}][.\u3002][\p{L}\p{N}]|@|\/\/|\bwww\b|\b[a-z][a-z0-9+.-]*:(?!\s|$)/iu;

/** Control, format (zero-width, bidi), private-use and unassigned characters. */
const INVISIBLE = /\p{C}/gu;

/**
 * The visitor's name as a greeting may use it: one line, at most MAX characters, nothing a mail client
 * would link; null when nothing safe is left (the mail then greets without a name).
 */
function greetingName(raw: string | null | undefined, max: number = MAIL_NAME_MAX_LENGTH): string | null {
  const oneLine = (raw ?? '').normalize('NFKC').replace(/\s+/gu, ' ').replace(INVISIBLE, '').trim();
  const name = Array.from(oneLine).slice(0, max).join('').trim();
  return name && !LINK_LIKE.test(name) ? name : null;
}

/** "Hello Ada," or, without a safe name, "Hello,". */
export function greeting(raw: string | null | undefined): { text: string; html: string } {
  const name = greetingName(raw);
  return name === null ? { text: 'Hello,', html: 'Hello,' } : { text: `Hello ${name},`, html: `Hello ${escapeHtml(name)},` };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
