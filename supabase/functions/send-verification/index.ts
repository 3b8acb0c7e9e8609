// Hosted entry (Deno): `supabase functions deploy send-verification`.
import { denoDeps } from '../_shared/deno-host.ts';
import { createSendVerificationHandler } from './handler.ts';

Deno.serve(createSendVerificationHandler(denoDeps()));
