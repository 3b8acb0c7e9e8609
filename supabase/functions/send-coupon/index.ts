// Hosted entry (Deno): `supabase functions deploy send-coupon`.
import { denoDeps } from '../_shared/deno-host.ts';
import { createSendCouponHandler } from './handler.ts';

Deno.serve(createSendCouponHandler(denoDeps()));
