// The organiser role: one claim in a user's app_metadata, set only with the service-role key.
// The database reads the same claim in public.is_organiser() (supabase/migrations/20261127000100_organisers.sql).

/** The app_metadata key that carries a user's role at the show. */
export const SHOW_ROLE_CLAIM = 'show_role';
/** Its value for the show's organisers. */
export const ORGANISER_ROLE = 'organiser';

/** Its value for ring clerks: they call cats to the rings and record results, and nothing else. */
export const RING_CLERK_ROLE = 'ring_clerk';

/** Whether a user's (or a token's) app_metadata makes them an organiser: the console's UX check only. */
export const isOrganiserMetadata = (appMetadata: Record<string, unknown> | null | undefined): boolean => appMetadata?.[SHOW_ROLE_CLAIM] === ORGANISER_ROLE;

/** Whether a user may use the ring-side screen (a ring clerk or an organiser): the screen's UX check only. */
export const isRingClerkMetadata = (appMetadata: Record<string, unknown> | null | undefined): boolean =>
  isOrganiserMetadata(appMetadata) || appMetadata?.[SHOW_ROLE_CLAIM] === RING_CLERK_ROLE;
