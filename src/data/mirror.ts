// The app's one Dexie database, for screens and the shell that only read the mirror or the outbox.
// Kept apart from app-data.ts so the first screen renders before supabase-js and the sync engine load.
import { showDb } from './db.ts';

export const db = showDb();
