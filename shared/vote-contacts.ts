// How long a Visitor's Choice vote keeps its contact details (names, e-mail, phone): the privacy page states
// it, the venue server enforces it. The database holds the same number in public.vote_contact_retention_days()
// (supabase/migrations/20261127000400_results.sql); tests/integration/results.test.ts checks they agree.

/** Days after an event's last day until its votes' contacts are removed (the votes stay counted). */
export const VOTE_CONTACT_RETENTION_DAYS = 30;

/** How often the venue server removes expired vote contacts (public.prune_vote_contacts()), after once on start. */
export const VOTE_CONTACT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
