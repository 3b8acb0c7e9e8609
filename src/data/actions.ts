// Actions of the data layer the shell offers on every screen (sync now, send the outbox, sign out).
// They load app-data.ts (supabase-js, the session, the outbox replay) on first use, so the first screen's
// JavaScript stays small; main.tsx starts it once the first screen has shown its data, or at once when a session is saved.
import type { SupabaseClient } from '@supabase/supabase-js';

const appData = () => import('./app-data.ts');

/** Pulls the mirror now (see app-data.ts syncNow). */
export const syncNow = (): Promise<void> => appData().then((m) => m.syncNow());

/** Replays the outbox now (see app-data.ts drainOutboxNow). */
export const drainOutboxNow = (): Promise<void> => appData().then((m) => m.drainOutboxNow());

/** The one supabase-js client, once loaded. */
export const backendClient = (): Promise<SupabaseClient> => appData().then((m) => m.client);
