import { Link } from 'react-router';
import { db, useMirror, type Advertiser } from '../../data/mirror.ts';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { AdvertiserLogo, websiteLabel } from './advertiser-logo.tsx';
import './advertisers.css';

function AdvertiserCard({ advertiser: a }: { advertiser: Advertiser }) {
  const place = [a.city, a.country].filter(Boolean).join(', ');
  const discount = a.discount_voucher_enabled;
  const rebate = a.rebate_voucher_enabled;
  return (
    <li>
      <Link to={`/pet-products/${a.id}`} className="card advertiser-card">
        <AdvertiserLogo name={a.company_name} path={a.company_logo_url} size="card" />
        <div className="advertiser-card-body">
          <h2>{a.company_name}</h2>
          {a.website && <p className="advertiser-website">{websiteLabel(a.website)}</p>}
          {place && <p className="advertiser-place">{place}</p>}
          {(discount || rebate) && (
            <p className="advertiser-badges">
              {discount && <span className="advertiser-badge advertiser-badge-discount">Discount Available</span>}
              {rebate && <span className="advertiser-badge advertiser-badge-rebate">Rebate Available</span>}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

export function AdvertisersPage() {
  const view = useMirror(
    () => db.advertisers.orderBy('company_name').toArray(),
    [],
    'Failed to fetch advertisers',
    (list) => list.length === 0,
  );
  return (
    <main className="page advertisers">
      <h1>Pet Products</h1>
      {view.state === 'loading' && <Loading>Loading advertisers...</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && view.data.length === 0 && <Empty>No advertisers found</Empty>}
      {view.state === 'ready' && view.data.length > 0 && (
        <ul className="card-grid advertiser-grid">
          {view.data.map((a) => (
            <AdvertiserCard key={a.id} advertiser={a} />
          ))}
        </ul>
      )}
    </main>
  );
}
