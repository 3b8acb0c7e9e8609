// Request bodies, e-mail addresses and passwords, checked with GoTrue's rules and error codes.
import type { Context } from 'hono';
import type { z } from 'zod';
import bcrypt from 'bcryptjs';
import { DEFAULT_PASSWORD_RULE, passwordChecklist, type PasswordRule } from '../../shared/password.ts';
import { authError } from './errors.ts';
const BCRYPT_COST = 10;

// The WHATWG "valid e-mail address" pattern, which GoTrue also applies.
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Deeper than any metadata needs; far below where JSON.stringify or Postgres' jsonb parser would overflow. */
const MAX_JSON_DEPTH = 64;
/** In a u-mode regexp a surrogate pair is one code point, so this matches only unpaired halves. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why Postgres could not store this value (a NUL in a string, or nesting too deep), or null. */
function unstorable(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return 'strings may not contain NUL characters';
      // A lone UTF-16 surrogate has no UTF-8 form, so Postgres cannot store it.
      if (LONE_SURROGATE.test(v)) return 'strings must be valid Unicode';
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\0')) return 'strings may not contain NUL characters';
        if (LONE_SURROGATE.test(k)) return 'strings must be valid Unicode';
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/** The JSON body parsed by schema; a syntax or type error is GoTrue's 400 bad_json. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  const unfit = unstorable(json);
  if (unfit) throw authError(400, 'bad_json', `Could not parse request body as JSON: ${unfit}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The address GoTrue stores: trimmed and lower-cased. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_RE.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/**
 * The app's password rule (SPEC §5), GoTrue-style: 422 weak_password with the first missed requirement's
 * message and GoTrue's reasons ('length', 'characters').
 */
export function checkPasswordStrength(password: string, rule: PasswordRule = DEFAULT_PASSWORD_RULE): void {
  const missed = passwordChecklist(password, rule).filter((item) => !item.met);
  const first = missed[0];
  if (first) {
    const reasons = [...new Set(missed.map((item) => (item.requirement === 'length' ? 'length' : 'characters')))];
    throw authError(422, 'weak_password', first.message, { weak_password: { reasons } });
  }
  // bcrypt ignores everything past 72 bytes; refuse rather than silently truncate.
  if (bcrypt.truncates(password)) {
    throw authError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// Compared against when the e-mail is unknown, so the response time does not reveal which accounts exist.
const DUMMY_HASH = '$2b$10$DfCdIT.mgHd89Cks68.5/eSoVmYZdB5blle3niK22KkaKk6LvVqv2';

export function checkPassword(password: string, hash: string | null): Promise<boolean> {
  return hash ? bcrypt.compare(password, hash) : bcrypt.compare(password, DUMMY_HASH).then(() => false);
}
