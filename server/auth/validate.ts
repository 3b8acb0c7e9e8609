// Request bodies, e-mail addresses and passwords, checked with GoTrue's rules and error codes.
import type { Context } from 'hono';
import type { z } from 'zod';
import bcrypt from 'bcryptjs';
import { DEFAULT_PASSWORD_RULE, passwordChecklist, type PasswordRule } from '../../src/lib/password.ts';
import { authError } from './errors.ts';
const BCRYPT_COST = 10;

// The WHATWG "valid e-mail address" pattern, which GoTrue also applies.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The JSON body parsed by schema; a syntax or type error is GoTrue's 400 bad_json. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON');
  }
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
