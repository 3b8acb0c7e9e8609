// The voucher's action on /pet-products/{id} (SPEC §2 "Vouchers", §4, §6, §8): a signed-in visitor asks for the
// coupon e-mail through the outbox and sees the request's live state; the sent coupon stays on the device
// (code and QR code, also offline). An anonymous visitor gets a "Sign in" link instead.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { queueCouponRequest, retryOutboxItem, useAuth, usePreloadedOutbox } from '../../data/backend.ts';
import { db, useSyncStatus, type Advertiser, type CouponItem } from '../../data/mirror.ts';
import { CouponCard } from './coupon-card.tsx';
import { COUPON_MESSAGES as SHARED_COUPON_MESSAGES } from '../../../shared/messages.ts';
import { couponValue, isSentCoupon, type CouponKind } from './coupon-value.ts';
import { paths } from '../../../shared/paths.ts';

/** SPEC §8 and §6 texts. */
export const COUPON_MESSAGES = {
  sent: 'Coupon sent to your email',
  ...SHARED_COUPON_MESSAGES,
  savedOffline: 'Saved — will be sent when you are back online',
  sending: 'Sending your coupon request…',
} as const;

/** This visitor's requests for one advertiser and voucher kind, newest first; undefined while loading. */
function useCouponRequests(userId: string | null, advertiserId: number, kind: CouponKind): CouponItem[] | undefined {
  return useLiveQuery(async () => {
    if (!userId) return [];
    const items = await db.outbox.where('kind').equals('coupon').toArray();
    return items
      .filter(
        (item): item is CouponItem =>
          item.kind === 'coupon' &&
          item.payload.user_id === userId &&
          item.payload.advertiser_id === advertiserId &&
          item.payload.coupon_type === kind,
      )
      .sort((a, b) => b.createdAt - a.createdAt);
  }, [userId, advertiserId, kind]);
}

const loginHref = (advertiserId: number) => paths.login(paths.advertiser(advertiserId));

/**
 * Refusals the server gives for good, whatever is retried: the account is not verified, or this coupon
 * was already sent (one per advertiser and type). They get no Retry button; a new request after
 * verifying is the visitor's own step.
 */
const PERMANENT_REFUSALS: ReadonlySet<string> = new Set([COUPON_MESSAGES.notVerified, COUPON_MESSAGES.alreadySent]);
const isPermanentRefusal = (item: CouponItem | undefined) =>
  item?.status === 'failed' && item.lastError !== null && PERMANENT_REFUSALS.has(item.lastError);

function RequestState({ item, online, advertiserId }: { item: CouponItem; online: boolean; advertiserId: number }) {
  const retry = () => void retryOutboxItem(item.id);
  switch (item.status) {
    case 'queued': {
      const text = !online
        ? COUPON_MESSAGES.savedOffline
        : item.lastError
          ? `Saved — not sent yet (${item.lastError}); trying again shortly`
          : COUPON_MESSAGES.sending;
      return (
        <p className="outbox-status outbox-queued coupon-status" role="status">
          {text}
        </p>
      );
    }
    case 'sending':
      return (
        <p className="outbox-status outbox-sending coupon-status" role="status">
          {COUPON_MESSAGES.sending}
        </p>
      );
    case 'sent':
      return (
        <p className="outbox-status outbox-sent coupon-status" role="status">
          {COUPON_MESSAGES.sent}
        </p>
      );
    case 'failed': {
      if (isPermanentRefusal(item)) {
        return (
          <p className="error-box" role="alert">
            {item.lastError}
          </p>
        );
      }
      const reason = item.lastError && item.lastError !== COUPON_MESSAGES.failed ? item.lastError : null;
      return (
        <>
          <p className="error-box" role="alert">
            {COUPON_MESSAGES.failed}
            {reason && <span className="coupon-error-reason"> {reason}</span>}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            Retry
          </button>
        </>
      );
    }
    case 'needs_sign_in':
      return (
        <>
          <p className="outbox-status outbox-needs_sign_in coupon-status" role="status">
            {item.lastError ?? COUPON_MESSAGES.signInAgain}
          </p>
          <span className="voucher-action-row">
            <Link to={loginHref(advertiserId)} className="button">
              Sign in
            </Link>
            <button type="button" className="secondary" onClick={retry}>
              Retry
            </button>
          </span>
        </>
      );
  }
}

export function VoucherAction({ advertiser, kind }: { advertiser: Advertiser; kind: CouponKind }) {
  usePreloadedOutbox();
  const auth = useAuth();
  const { online } = useSyncStatus();
  const userId = auth.user?.id ?? null;
  const requests = useCouponRequests(userId, advertiser.id, kind);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Until supabase-js has read the stored session, show nothing rather than a "Sign in" that flickers away.
  if (!auth.ready) return <div className="voucher-action" data-voucher-action={kind} />;

  if (!auth.isAuthenticated || !auth.user) {
    return (
      <div className="voucher-action" data-voucher-action={kind}>
        <p className="hint">
          <Link to={loginHref(advertiser.id)}>Sign in</Link> to have this coupon e-mailed to you.
        </p>
      </div>
    );
  }
  const user = auth.user;
  if (!user.email) {
    return (
      <div className="voucher-action" data-voucher-action={kind}>
        <p className="error-box" role="alert">
          {COUPON_MESSAGES.noEmail}
        </p>
      </div>
    );
  }

  const latest = requests?.[0];
  const lastSent = requests?.find(isSentCoupon);
  const pending = latest?.status === 'queued' || latest?.status === 'sending';
  // One coupon per advertiser and type: once sent (here or on another device), there is nothing more to ask for.
  const alreadySent = lastSent !== undefined || (latest?.status === 'failed' && latest.lastError === COUPON_MESSAGES.alreadySent);

  async function request() {
    setBusy(true);
    setError(null);
    try {
      await queueCouponRequest({ advertiser_id: advertiser.id, coupon_type: kind, user_id: user.id, company_name: advertiser.company_name });
    } catch (e) {
      setError(e instanceof Error ? e.message : '');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="voucher-action" data-voucher-action={kind}>
      {!alreadySent && (
        <button type="button" onClick={() => void request()} disabled={busy || pending || requests === undefined}>
          {`Send me the ${kind} coupon`}
        </button>
      )}
      {error !== null && (
        <p className="error-box" role="alert">
          {COUPON_MESSAGES.failed}
          {error && <span className="coupon-error-reason"> {error}</span>}
        </p>
      )}
      {latest && <RequestState item={latest} online={online} advertiserId={advertiser.id} />}
      {lastSent && (
        <CouponCard
          code={lastSent.result.coupon_code}
          kind={kind}
          companyName={advertiser.company_name}
          value={couponValue(advertiser, kind, lastSent.result.amount)}
          sentAt={lastSent.sentAt}
        />
      )}
    </div>
  );
}
