// "My coupons": every coupon the signed-in visitor has been sent, kept in the outbox on this device, so it can be
// redeemed at the stand offline and without the e-mail (code, value, QR code on demand).
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { useAuth } from '../../data/backend.ts';
import { db, type Advertiser } from '../../data/mirror.ts';
import { Empty, Loading } from '../../ui/states.tsx';
import { CouponCard } from './coupon-card.tsx';
import { couponValue, isSentCoupon, type SentCoupon } from './coupon-value.ts';
import { paths } from '../../../shared/paths.ts';
import './advertisers.css';

interface MyCouponsData {
  coupons: SentCoupon[];
  advertisers: Map<number, Advertiser>;
}

async function loadMyCoupons(userId: string): Promise<MyCouponsData> {
  const items = await db.outbox.where('status').equals('sent').toArray();
  const coupons = items.filter((item): item is SentCoupon => item.kind === 'coupon' && item.payload.user_id === userId && isSentCoupon(item));
  coupons.sort((a, b) => (b.sentAt ?? b.createdAt) - (a.sentAt ?? a.createdAt));
  const ids = [...new Set(coupons.map((c) => c.payload.advertiser_id))];
  const rows = await db.advertisers.bulkGet(ids);
  const advertisers = new Map<number, Advertiser>();
  rows.forEach((row) => {
    if (row) advertisers.set(row.id, row);
  });
  return { coupons, advertisers };
}

export function MyCoupons({ heading = 'My coupons' }: { heading?: string }) {
  const { user, ready } = useAuth();
  const userId = user?.id ?? null;
  const data = useLiveQuery(() => (userId ? loadMyCoupons(userId) : undefined), [userId]);

  let body;
  if (!ready) body = <Loading>Loading your coupons…</Loading>;
  else if (!userId) {
    body = (
      <p className="hint">
        <Link to={paths.login('/profile')}>Sign in</Link> to see your coupons.
      </p>
    );
  } else if (!data) body = <Loading>Loading your coupons…</Loading>;
  else if (data.coupons.length === 0) {
    body = (
      <Empty>
        No coupons yet. Ask for one on an advertiser's page under <Link to="/pet-products">Pet Products</Link>.
      </Empty>
    );
  } else {
    body = (
      <ul className="my-coupons-list">
        {data.coupons.map((c) => {
          const advertiser = data.advertisers.get(c.payload.advertiser_id);
          return (
            <li key={c.id}>
              <CouponCard
                code={c.result.coupon_code}
                kind={c.payload.coupon_type}
                companyName={advertiser?.company_name ?? c.payload.company_name}
                value={couponValue(advertiser, c.payload.coupon_type, c.result.amount)}
                qr="on-demand"
                sentAt={c.sentAt}
                headingLevel={3}
              />
              <Link to={paths.advertiser(c.payload.advertiser_id)} className="my-coupons-link">
                View {advertiser?.company_name ?? c.payload.company_name}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="my-coupons" aria-labelledby="my-coupons-heading">
      <h2 id="my-coupons-heading">{heading}</h2>
      {body}
    </section>
  );
}
