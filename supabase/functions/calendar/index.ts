// Hosted entry (Deno): `supabase functions deploy calendar --no-verify-jwt` (config.toml says verify_jwt = false too).
import { denoDeps } from '../_shared/deno-host.ts';
import { createCalendarHandler } from './handler.ts';

Deno.serve(createCalendarHandler(denoDeps()));
