// The password rule of SPEC §5, shared by the PWA (live checklist, form errors) and the venue server (GoTrue).

export interface PasswordRule {
  minLength: number;
  digit: boolean;
  special: boolean;
  uppercase: boolean;
  lowercase: boolean;
}

/** SPEC §9: at least 8 characters with a digit, a special character, an upper- and a lowercase letter. */
export const DEFAULT_PASSWORD_RULE: PasswordRule = { minLength: 8, digit: true, special: true, uppercase: true, lowercase: true };

/** bcrypt reads at most 72 bytes of a password, so a longer minimum could never be met safely. */
const PASSWORD_MIN_LENGTH_LIMIT = 72;

/** Where the settings come from: the venue server's PASSWORD_*, the PWA build's VITE_PASSWORD_*. */
export type PasswordSettingsPrefix = 'PASSWORD_' | 'VITE_PASSWORD_';

export type PasswordSettingsResult = { ok: true; rule: PasswordRule } | { ok: false; problems: string[] };

const FLAGS = { digit: 'REQUIRE_DIGIT', special: 'REQUIRE_SPECIAL', uppercase: 'REQUIRE_UPPERCASE', lowercase: 'REQUIRE_LOWERCASE' } as const;

/**
 * The password rule from the settings (.env.example): `<prefix>MIN_LENGTH` (a whole number from 1 to 72,
 * default 8) and `<prefix>REQUIRE_DIGIT|SPECIAL|UPPERCASE|LOWERCASE` ('true' or 'false', default 'true').
 * An unset or empty setting takes its default. The server and the PWA both read theirs with this, so
 * the two can differ only in their values. Problems read "KEY: what a valid value looks like".
 */
export function parsePasswordSettings(env: Readonly<Record<string, unknown>>, prefix: PasswordSettingsPrefix): PasswordSettingsResult {
  const problems: string[] = [];
  const setting = (name: string): unknown => (env[prefix + name] === '' ? undefined : env[prefix + name]);

  let minLength = DEFAULT_PASSWORD_RULE.minLength;
  const rawLength = setting('MIN_LENGTH');
  if (rawLength !== undefined) {
    const n = typeof rawLength === 'number' ? rawLength : typeof rawLength === 'string' && /^\s*\d+\s*$/.test(rawLength) ? Number(rawLength) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= PASSWORD_MIN_LENGTH_LIMIT) minLength = n;
    else problems.push(`${prefix}MIN_LENGTH: must be a whole number from 1 to ${PASSWORD_MIN_LENGTH_LIMIT}`);
  }

  const rule: PasswordRule = { ...DEFAULT_PASSWORD_RULE, minLength };
  for (const [requirement, name] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
    const raw = setting(name);
    if (raw === undefined || raw === 'true' || raw === true) rule[requirement] = true;
    else if (raw === 'false' || raw === false) rule[requirement] = false;
    else problems.push(`${prefix}${name}: must be 'true' or 'false'`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rule };
}

/** The special characters SPEC §5 counts. */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

export type PasswordRequirement = 'length' | 'digit' | 'special' | 'uppercase' | 'lowercase';

export interface ChecklistItem {
  requirement: PasswordRequirement;
  /** Short text for the live checklist. */
  label: string;
  /** SPEC §5's error message when the requirement is not met. */
  message: string;
  met: boolean;
}

const hasDigit = (p: string) => /[0-9]/.test(p);
const hasSpecial = (p: string) => [...p].some((ch) => PASSWORD_SPECIALS.includes(ch));
const hasUpper = (p: string) => /[A-Z]/.test(p);
const hasLower = (p: string) => /[a-z]/.test(p);

/** Every enabled requirement, in SPEC order, with whether the password meets it. */
export function passwordChecklist(password: string, rule: PasswordRule = DEFAULT_PASSWORD_RULE): ChecklistItem[] {
  const items: ChecklistItem[] = [
    {
      requirement: 'length',
      label: `At least ${rule.minLength} characters`,
      message: `Password must be at least ${rule.minLength} characters`,
      // Count code points, so an emoji is one character as the visitor sees it.
      met: [...password].length >= rule.minLength,
    },
  ];
  if (rule.digit) {
    items.push({ requirement: 'digit', label: 'One digit', message: 'Password must contain at least one digit', met: hasDigit(password) });
  }
  if (rule.special) {
    items.push({
      requirement: 'special',
      label: `One special character (${PASSWORD_SPECIALS})`,
      message: 'Password must contain at least one special character',
      met: hasSpecial(password),
    });
  }
  if (rule.uppercase) {
    items.push({
      requirement: 'uppercase',
      label: 'One uppercase letter',
      message: 'Password must contain at least one uppercase letter',
      met: hasUpper(password),
    });
  }
  if (rule.lowercase) {
    items.push({
      requirement: 'lowercase',
      label: 'One lowercase letter',
      message: 'Password must contain at least one lowercase letter',
      met: hasLower(password),
    });
  }
  return items;
}

/** SPEC §5's messages for every requirement the password misses; empty when it passes. */
export function passwordProblems(password: string, rule: PasswordRule = DEFAULT_PASSWORD_RULE): string[] {
  return passwordChecklist(password, rule)
    .filter((item) => !item.met)
    .map((item) => item.message);
}

/** The requirements the password misses, as short codes (GoTrue's `weak_password.reasons`). */
export function passwordMisses(password: string, rule: PasswordRule = DEFAULT_PASSWORD_RULE): PasswordRequirement[] {
  return passwordChecklist(password, rule)
    .filter((item) => !item.met)
    .map((item) => item.requirement);
}
