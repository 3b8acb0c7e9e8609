// The Visitor's Choice rule (SPEC §5): trim, required fields, e-mail or phone, e-mail shape, and the
// column lengths the server's votes table takes. The form checks it before queueing, and the outbox
// schema (src/data/outbox/outbox.ts) applies the same function to every vote it stores.
import { VOTE_MESSAGES } from './messages.ts';

export interface VoteForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  catalog_number: string;
}

interface CleanVote {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  catalog_number: string;
}

type VoteField = keyof VoteForm;

/** The longest value each field may hold (the server's column limits). */
const VOTE_FIELD_MAX_LENGTH: Readonly<Record<VoteField, number>> = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 40,
  catalog_number: 40,
};

/** submit_votes takes at most this many votes per call and refuses a bigger batch whole (migration 20261126000400). */
export const VOTE_BATCH_MAX = 50;

/** submit_votes' code for a vote that arrives after its event's grace day (the end of the day after end_date, venue time). */
export const VOTE_CLOSED_CODE = 'event_closed';

/** submit_votes' code for a number that is not in the catalogue of the event voted in, when it has one (migration 20261201000200). */
export const VOTE_UNKNOWN_ENTRY_CODE = 'unknown_entry';

/** name@domain.tld without spaces (also the server's check constraint). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const REQUIRED: readonly VoteField[] = ['first_name', 'last_name', 'catalog_number'];

export type VoteCheck = { ok: true; vote: CleanVote } | { ok: false; message: string; /** the fields to fix, first to focus first */ fields: VoteField[] };

/** The SPEC §5 check of a vote, with its message and the fields at fault when it fails. */
export function validateVote(form: VoteForm): VoteCheck {
  const t: VoteForm = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    catalog_number: form.catalog_number.trim(),
  };
  const missing = REQUIRED.filter((k) => !t[k]);
  if (missing.length > 0) return { ok: false, message: VOTE_MESSAGES.required, fields: missing };
  if (!t.email && !t.phone) return { ok: false, message: VOTE_MESSAGES.contact, fields: ['email', 'phone'] };
  if (t.email && !EMAIL.test(t.email)) return { ok: false, message: VOTE_MESSAGES.email, fields: ['email'] };
  for (const [field, max] of Object.entries(VOTE_FIELD_MAX_LENGTH) as [VoteField, number][]) {
    if (t[field].length > max) return { ok: false, message: `At most ${max} characters`, fields: [field] };
  }
  return { ok: true, vote: { ...t, email: t.email || null, phone: t.phone || null } };
}
