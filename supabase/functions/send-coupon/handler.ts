// send-coupon: issues a voucher coupon to the signed-in visitor and e-mails it (SPEC §2 vouchers, §9 code).
// The request id is the idempotency key: a replay returns the coupon already sent, never a second e-mail.
// Only verified accounts get coupons, one per advertiser and voucher type (the coupons table enforces both too);
// asking again under a new request id returns the coupon already issued, without mailing it again.
import { z } from 'zod';
import { bearer, json, preflight, readJson } from '../_shared/http.ts';
import type { FunctionDeps, Handler } from '../_shared/deps.ts';
import { couponCode, type CouponType } from '../_shared/codes.ts';
import { COUPON_MESSAGES } from '../../../shared/messages.ts';
import { formatDiscount, formatRebate } from '../../../shared/money.ts';
import { escapeHtml, greeting } from '../_shared/mail-text.ts';

/** A claim older than this is taken to belong to a request that died mid-send, and is retried. */
const STALE_CLAIM_MS = 2 * 60_000;

const Body = z.object({
  request_id: z.uuid(),
  advertiser_id: z.coerce.number().int().positive(),
  coupon_type: z.enum(['discount', 'rebate']),
});

const MESSAGES = {
  signIn: 'Please sign in to request a coupon.',
  noEmail: COUPON_MESSAGES.noEmail,
  badRequest: 'A coupon request needs request_id (uuid), advertiser_id and coupon_type (discount or rebate).',
  advertiserNotFound: 'Advertiser not found',
  voucherUnavailable: 'This advertiser does not offer that voucher.',
  inProgress: 'This coupon request is already being sent.',
  keyReused: 'This request id belongs to another coupon request.',
  notVerified: COUPON_MESSAGES.notVerified,
  mailFailed: COUPON_MESSAGES.failed,
} as const;

interface CouponRow {
  id: string;
  user_id: string;
  advertiser_id: number;
  coupon_type: CouponType;
  coupon_code: string;
  discount_amount: number | null;
  rebate_percentage: number | null;
  status: 'sending' | 'sent';
  created_at: string;
}

const publicCoupon = (c: CouponRow, duplicate: boolean) => ({
  request_id: c.id,
  coupon_code: c.coupon_code,
  coupon_type: c.coupon_type,
  discount_amount: c.discount_amount === null ? null : Number(c.discount_amount),
  rebate_percentage: c.rebate_percentage === null ? null : Number(c.rebate_percentage),
  duplicate,
});

export function createSendCouponHandler(deps: FunctionDeps): Handler {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });

    const jwt = bearer(req);
    const { data: auth } = jwt ? await deps.admin.auth.getUser(jwt) : { data: { user: null } };
    const user = auth.user;
    if (!user || user.role !== 'authenticated') return json(401, { error: MESSAGES.signIn });
    if (!user.email) return json(400, { error: MESSAGES.noEmail });

    const raw = await readJson(req);
    const idempotencyKey = req.headers.get('idempotency-key');
    const body = Body.safeParse(raw && typeof raw === 'object' && idempotencyKey ? { request_id: idempotencyKey, ...raw } : raw);
    if (!body.success) return json(400, { error: MESSAGES.badRequest });
    const { request_id, advertiser_id, coupon_type } = body.data;

    // SPEC §4: an account is verified by its e-mail link; the app may ask anyway, the server decides.
    const account = await deps.admin.from('users').select('verified').eq('id', user.id).maybeSingle();
    if (account.error) return json(500, { error: account.error.message });
    if (account.data?.verified !== true) return json(403, { error: MESSAGES.notVerified, code: 'email_not_verified' });

    const advertiser = await deps.admin
      .from('advertisers')
      .select('company_name, discount_voucher_enabled, discount_voucher_amount, rebate_voucher_enabled, rebate_voucher_percentage')
      .eq('id', advertiser_id)
      .maybeSingle();
    if (advertiser.error) return json(500, { error: advertiser.error.message });
    if (!advertiser.data) return json(404, { error: MESSAGES.advertiserNotFound });
    const a = advertiser.data;

    const existing = await deps.admin.from('coupons').select('*').eq('id', request_id).maybeSingle();
    if (existing.error) return json(500, { error: existing.error.message });
    let coupon = existing.data as CouponRow | null;
    if (coupon) {
      if (coupon.user_id !== user.id || coupon.advertiser_id !== advertiser_id || coupon.coupon_type !== coupon_type) {
        return json(409, { error: MESSAGES.keyReused });
      }
      if (coupon.status === 'sent') return json(200, publicCoupon(coupon, true));
      if (deps.now() - Date.parse(coupon.created_at) < STALE_CLAIM_MS) {
        return json(409, { error: MESSAGES.inProgress, retryable: true }, { 'Retry-After': '30' });
      }
    } else {
      const enabled = coupon_type === 'discount' ? a.discount_voucher_enabled : a.rebate_voucher_enabled;
      if (!enabled) return json(422, { error: MESSAGES.voucherUnavailable });
      const earlier = await earlierCoupon(deps, user.id, advertiser_id, coupon_type);
      if (earlier) return earlier;

      const claim = await deps.admin
        .from('coupons')
        .insert({
          id: request_id,
          user_id: user.id,
          email: user.email,
          advertiser_id,
          coupon_type,
          coupon_code: couponCode(a.company_name, coupon_type, deps.randomInt, deps.now()),
          discount_amount: coupon_type === 'discount' ? a.discount_voucher_amount : null,
          rebate_percentage: coupon_type === 'rebate' ? a.rebate_voucher_percentage : null,
          status: 'sending',
          created_at: new Date(deps.now()).toISOString(),
        })
        .select()
        .single();
      if (claim.error) {
        if (claim.error.code === '23505') {
          // Two replays of this request raced (the loser reports it in progress), or two requests for the same coupon did.
          const raced = await deps.admin.from('coupons').select('id').eq('id', request_id).maybeSingle();
          if (raced.data) return json(409, { error: MESSAGES.inProgress, retryable: true }, { 'Retry-After': '5' });
          return (await earlierCoupon(deps, user.id, advertiser_id, coupon_type)) ?? json(409, { error: MESSAGES.inProgress, retryable: true }, { 'Retry-After': '5' });
        }
        if (claim.error.code === '42501') return json(403, { error: MESSAGES.notVerified, code: 'email_not_verified' });
        return json(500, { error: claim.error.message });
      }
      coupon = claim.data as CouponRow;
    }

    const profile = await deps.admin.from('users').select('first_name').eq('id', user.id).maybeSingle();
    const userName = profile.data?.first_name ?? null;
    try {
      await deps.sendMail(couponMail(user.email, userName, a.company_name, coupon));
    } catch {
      // Free the claim so the outbox's retry sends it, rather than waiting out a stale claim.
      await deps.admin.from('coupons').delete().eq('id', coupon.id).eq('status', 'sending');
      return json(502, { error: MESSAGES.mailFailed, retryable: true });
    }
    const sent = await deps.admin
      .from('coupons')
      .update({ status: 'sent', sent_at: new Date(deps.now()).toISOString() })
      .eq('id', coupon.id)
      .select()
      .single();
    if (sent.error) return json(500, { error: sent.error.message });
    return json(200, publicCoupon(sent.data as CouponRow, false));
  };
}

/**
 * The answer when this visitor already holds (or is being sent) this advertiser's coupon of this type
 * under another request id: one coupon per advertiser and type. A sent one is returned again (asking on a
 * second phone shows the coupon already issued) with no second e-mail. A claim that died mid-send is cleared.
 */
async function earlierCoupon(deps: FunctionDeps, userId: string, advertiserId: number, couponType: CouponType): Promise<Response | null> {
  const found = await deps.admin.from('coupons').select('*').eq('user_id', userId).eq('advertiser_id', advertiserId).eq('coupon_type', couponType).maybeSingle();
  if (found.error) return json(500, { error: found.error.message });
  const row = found.data as CouponRow | null;
  if (!row) return null;
  if (row.status === 'sent') return json(200, publicCoupon(row, true));
  if (deps.now() - Date.parse(row.created_at) < STALE_CLAIM_MS) {
    return json(409, { error: MESSAGES.inProgress, retryable: true }, { 'Retry-After': '30' });
  }
  await deps.admin.from('coupons').delete().eq('id', row.id).eq('status', 'sending');
  return null;
}

/** The coupon e-mail: single-use, a dollar amount off or a percentage off. */
export function couponMail(to: string, userName: string | null, companyName: string, c: CouponRow) {
  const hello = greeting(userName);
  const value = c.coupon_type === 'discount' ? `${formatDiscount(Number(c.discount_amount))} off` : `${formatRebate(Number(c.rebate_percentage))} off`;
  const subject = `Your ${companyName} coupon: ${value}`;
  const text = `${hello.text}\n\nHere is your ${c.coupon_type} coupon from ${companyName}: ${c.coupon_code}\n\nIt gives you ${value} and can be used once.\n\nEnjoy the show!\nPurrFect Show`;
  const html = `<p>${hello.html}</p><p>Here is your ${c.coupon_type} coupon from <strong>${escapeHtml(companyName)}</strong>:</p><p style="font-size:1.5em;font-family:monospace">${c.coupon_code}</p><p>It gives you <strong>${value}</strong> and can be used once.</p><p>Enjoy the show!<br>PurrFect Show</p>`;
  return { kind: 'coupon' as const, to, subject, text, html };
}
