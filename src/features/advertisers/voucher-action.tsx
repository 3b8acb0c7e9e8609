// The voucher's action on /pet-products/{id} (SPEC §2 "Vouchers", §4, §6, §8): a signed-in, verified visitor
// asks for the coupon e-mail through the outbox and sees the request's live state (not requested → sent); the
// sent coupon stays on the device (code and QR code, also offline). An anonymous visitor gets a "Sign in" link,
// an unverified one the reason and a resend of the activation mail, instead of the button.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { discardOutboxItem, queueCouponRequest, retryOutboxItem, useAuth, usePreloadedOutbox } from '../../data/backend.ts';
import { db, useSyncStatus, type Advertiser, type CouponItem } from '../../data/mirror.ts';
import { CouponCard } from './coupon-card.tsx';
import { COUPON_MESSAGES as SHARED_COUPON_MESSAGES, outboxFailureCode, outboxFailureText, VERIFICATION_MAIL_MESSAGES } from '../../../shared/messages.ts';
import { resendVerificationMail, useEmailVerified } from './email-verification.ts';
import { couponValue, isSentCoupon, type CouponKind } from './coupon-value.ts';
import { paths } from '../../../shared/paths.ts';

/** SPEC §8 and §6 texts. */
const COUPON_MESSAGES = {
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
          item.kind === 'coupon' && item.payload.user_id === userId && item.payload.advertiser_id === advertiserId && item.payload.coupon_type === kind,
      )
      .sort((a, b) => b.createdAt - a.createdAt);
  }, [userId, advertiserId, kind]);
}

const loginHref = (advertiserId: number) => paths.login(paths.advertiser(advertiserId));

function RequestState({ item, online }: { item: CouponItem; online: boolean }) {
  switch (item.status) {
    case 'queued': {
      const lastFailure = outboxFailureText(item);
      const text = !online ? COUPON_MESSAGES.savedOffline : lastFailure ? `Saved — not sent yet (${lastFailure}); trying again shortly` : COUPON_MESSAGES.sending;
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
      const code = outboxFailureCode(item);
      if (code === 'coupon_already_sent') {
        // An item an older build queued can hold this refusal; asked again, the server answers with the coupon itself.
        return (
          <>
            <p className="outbox-status coupon-status" role="status">
              {COUPON_MESSAGES.alreadySent}
            </p>
            <button type="button" className="secondary" onClick={() => void retryOutboxItem(item.id)}>
              Show my coupon
            </button>
          </>
        );
      }
      // Refused for good (not verified, voucher withdrawn, …): the reason, and Dismiss; asking again is the button's job.
      const reason = code !== 'coupon_failed' ? outboxFailureText(item) : null;
      return (
        <>
          <p className="error-box" role="alert">
            {COUPON_MESSAGES.failed}
            {reason && <span className="coupon-error-reason"> {reason}</span>}
          </p>
          <button type="button" className="secondary" onClick={() => void discardOutboxItem(item.id)}>
            Dismiss
          </button>
        </>
      );
    }
    case 'needs_sign_in': {
      const retry = () => void retryOutboxItem(item.id);
      return (
        <>
          <p className="outbox-status outbox-needs_sign_in coupon-status" role="status">
            {outboxFailureText(item) ?? COUPON_MESSAGES.signInAgain}
          </p>
          <span className="voucher-action-row">
            <Link to={loginHref(item.payload.advertiser_id)} className="button">
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
}

/** Instead of the button while the account's e-mail is not verified: why, and a new activation link. */
function VerifyFirst({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  async function resend() {
    setSending(true);
    setNotice(null);
    setNotice(await resendVerificationMail(email));
    setSending(false);
  }
  return (
    <div className="voucher-verify">
      <p className="voucher-verify-text">{COUPON_MESSAGES.notVerified}</p>
      <p className="hint">
        The link goes to <span className="voucher-verify-email">{email}</span>.
      </p>
      {notice && (
        <p className={notice.ok ? 'success-box' : 'error-box'} role={notice.ok ? 'status' : 'alert'}>
          {notice.message}
        </p>
      )}
      <button type="button" className="secondary" disabled={sending} onClick={() => void resend()}>
        {sending ? VERIFICATION_MAIL_MESSAGES.sending : VERIFICATION_MAIL_MESSAGES.resend}
      </button>
    </div>
  );
}

export function VoucherAction({ advertiser, kind }: { advertiser: Advertiser; kind: CouponKind }) {
  usePreloadedOutbox();
  const auth = useAuth();
  const { online } = useSyncStatus();
  const userId = auth.user?.id ?? null;
  const requests = useCouponRequests(userId, advertiser.id, kind);
  const verified = useEmailVerified(userId);
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
  // SPEC §4: not requested → sent. Once sent there is nothing more to ask for: the coupon is shown instead.
  const refusal = latest?.status === 'failed' ? outboxFailureCode(latest) : null;
  const alreadySent = lastSent !== undefined || refusal === 'coupon_already_sent';
  // The server refuses unverified accounts: say so instead of offering the button (unknown offline: ask anyway).
  const mustVerify = verified === false && !alreadySent;
  // A refusal for not being verified is said by VerifyFirst, or is history once verified.
  const settledRefusal = refusal === 'unverified' && verified != null;

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
      {!alreadySent && !mustVerify && (
        <button type="button" onClick={() => void request()} disabled={busy || pending || requests === undefined || verified === undefined}>
          {`Send me the ${kind} coupon`}
        </button>
      )}
      {mustVerify && <VerifyFirst email={user.email} />}
      {error !== null && (
        <p className="error-box" role="alert">
          {COUPON_MESSAGES.failed}
          {error && <span className="coupon-error-reason"> {error}</span>}
        </p>
      )}
      {latest && !settledRefusal && <RequestState item={latest} online={online} />}
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
