// The Visitor's Choice form rules (SPEC §5): trim, required fields, e-mail or phone, e-mail shape.

export const VOTE_MESSAGES = {
  required: 'Please fill in all required fields',
  contact: 'Please provide either an email address or phone number',
  email: 'Please enter a valid email address',
} as const;

export interface VoteForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  catalog_number: string;
}

export interface CleanVote {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  catalog_number: string;
}

/** name@domain.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateVote(form: VoteForm): { ok: true; vote: CleanVote } | { ok: false; message: string } {
  const t = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    catalog_number: form.catalog_number.trim(),
  };
  if (!t.first_name || !t.last_name || !t.catalog_number) return { ok: false, message: VOTE_MESSAGES.required };
  if (!t.email && !t.phone) return { ok: false, message: VOTE_MESSAGES.contact };
  if (t.email && !EMAIL.test(t.email)) return { ok: false, message: VOTE_MESSAGES.email };
  return { ok: true, vote: { ...t, email: t.email || null, phone: t.phone || null } };
}
