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
