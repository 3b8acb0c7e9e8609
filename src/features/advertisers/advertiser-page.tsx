import { Link, useParams } from 'react-router';
import { db, useMirror, type Advertiser } from '../../data/mirror.ts';
import { formatDiscount, formatRebate } from '../../../shared/money.ts';
import { pairProducts } from '../../lib/products.ts';
import { ShowMap } from '../../ui/map/show-map.tsx';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ShareButton } from '../../ui/share-button.tsx';
import { paths } from '../../../shared/paths.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { FLOOR_PLAN_TEXTS } from '../../ui/floor-plan-texts.ts';
import { StarButton } from '../../ui/star-button.tsx';
import { AdvertiserLogo, websiteHref, websiteLabel } from './advertiser-logo.tsx';
import { ProductCarousel } from './product-carousel.tsx';
import { VoucherAction } from './voucher-action.tsx';
import './advertisers.css';

interface AdvertiserDetail {
  advertiser: Advertiser | undefined;
  /** Whether the mirror holds any advertiser: an empty mirror means "not synced yet", not "not found". */
  anyAdvertisers: boolean;
  /** Its stand on a floor plan (the show on now's, else another's): "Show on the floor plan". */
  stand: { eventId: number; placeId: number } | null;
}

/** The advertiser's stand on the plan of the show on now, else on any plan the mirror holds. */
async function standOf(advertiserId: number): Promise<AdvertiserDetail['stand']> {
  const places = await db.places.where('advertiser_id').equals(advertiserId).toArray();
  if (places.length === 0) return null;
  const [plans, events] = await Promise.all([db.floor_plans.bulkGet([...new Set(places.map((p) => p.floor_plan_id))]), db.events.toArray()]);
  const eventOfPlan = new Map(plans.flatMap((p) => (p ? [[p.id, p.event_id] as const] : [])));
  const stands = places.flatMap((p) => {
    const eventId = eventOfPlan.get(p.floor_plan_id);
    return eventId === undefined ? [] : [{ eventId, placeId: p.id }];
  });
  const current = activeEvent(events, new Date());
  return stands.find((s) => s.eventId === current?.id) ?? stands[0] ?? null;
}

async function loadAdvertiser(id: string): Promise<AdvertiserDetail> {
  const key = /^\d+$/.test(id) ? Number(id) : NaN;
  const advertiser = Number.isSafeInteger(key) ? await db.advertisers.get(key) : undefined;
  const anyAdvertisers = advertiser !== undefined || (await db.advertisers.count()) > 0;
  return { advertiser, anyAdvertisers, stand: advertiser ? await standOf(advertiser.id) : null };
}

/** Where the advertiser is in the hall: its stand, opening hours and the plan; nothing when none is known. */
function AtTheShow({ advertiser: a, stand }: { advertiser: Advertiser; stand: AdvertiserDetail['stand'] }) {
  if (!a.stand && !a.opening_hours && !stand) return null;
  return (
    <section className="advertiser-section" aria-labelledby="stand-heading">
      <h2 id="stand-heading">{FLOOR_PLAN_TEXTS.atTheShow}</h2>
      {(a.stand || a.opening_hours) && (
        <dl className="advertiser-stand">
          {a.stand && (
            <div>
              <dt>{FLOOR_PLAN_TEXTS.standNumber}</dt>
              <dd>{a.stand}</dd>
            </div>
          )}
          {a.opening_hours && (
            <div>
              <dt>{FLOOR_PLAN_TEXTS.standHours}</dt>
              <dd>{a.opening_hours}</dd>
            </div>
          )}
        </dl>
      )}
      {stand && (
        <p>
          <Link to={paths.floorPlan(stand.eventId, { place: stand.placeId })}>{FLOOR_PLAN_TEXTS.showOnPlan}</Link>
        </p>
      )}
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/pet-products" className="back-button">
      ← Back
    </Link>
  );
}

type VoucherType = 'discount' | 'rebate';

function Voucher({ advertiser, type, title, offer }: { advertiser: Advertiser; type: VoucherType; title: string; offer: string | null }) {
  return (
    <li className={`voucher voucher-${type}`}>
      <div className="voucher-text">
        <h3>{title}</h3>
        {offer && <p className="voucher-offer">{offer}</p>}
      </div>
      <VoucherAction advertiser={advertiser} kind={type} />
    </li>
  );
}

function Vouchers({ advertiser: a }: { advertiser: Advertiser }) {
  const discount = a.discount_voucher_enabled;
  const rebate = a.rebate_voucher_enabled;
  return (
    <section className="advertiser-section" aria-labelledby="vouchers-heading">
      <h2 id="vouchers-heading">Available Vouchers and Discounts</h2>
      {discount || rebate ? (
        <ul className="voucher-list">
          {discount && (
            <Voucher
              advertiser={a}
              type="discount"
              title={FLOOR_PLAN_TEXTS.discountVoucher}
              offer={a.discount_voucher_amount === null ? null : FLOOR_PLAN_TEXTS.discountOffer(formatDiscount(a.discount_voucher_amount))}
            />
          )}
          {rebate && (
            <Voucher
              advertiser={a}
              type="rebate"
              title={FLOOR_PLAN_TEXTS.rebateVoucher}
              offer={a.rebate_voucher_percentage === null ? null : FLOOR_PLAN_TEXTS.rebateOffer(formatRebate(a.rebate_voucher_percentage))}
            />
          )}
        </ul>
      ) : (
        <p className="muted">{a.company_name} does not offer any vouchers or discounts at the moment.</p>
      )}
    </section>
  );
}

export function AdvertiserPage() {
  const { id = '' } = useParams();
  const view = useMirror(
    () => loadAdvertiser(id),
    [id],
    'Failed to fetch advertiser',
    (d) => !d.anyAdvertisers,
  );
  useDocumentTitle(view.state !== 'ready' ? 'Pet Products' : (view.data.advertiser?.company_name ?? 'Advertiser not found'));

  if (view.state === 'loading') {
    return (
      <main className="page advertiser-detail">
        <BackLink />
        <Loading>Loading advertiser details...</Loading>
      </main>
    );
  }
  if (view.state === 'error') {
    return (
      <main className="page advertiser-detail">
        <BackLink />
        <ErrorBox>{view.message}</ErrorBox>
      </main>
    );
  }
  const a = view.data.advertiser;
  if (!a) {
    return (
      <main className="page advertiser-detail">
        <BackLink />
        <h1>Advertiser not found</h1>
      </main>
    );
  }

  const cityLine = [a.city, a.postal_code].filter(Boolean).join(' ');
  const addressLines = [a.street_address, cityLine, a.country].filter((line): line is string => Boolean(line));
  const slides = pairProducts(a.product_images, a.product_descriptions);

  return (
    <main className="page advertiser-detail">
      <BackLink />
      <header className="advertiser-header">
        <AdvertiserLogo name={a.company_name} path={a.company_logo_url} size="detail" />
        <div>
          <h1>{a.company_name}</h1>
          <div className="star-slot">
            <StarButton kind="advertiser" id={a.id} label={a.company_name} />
          </div>
          {a.website && (
            <p>
              {websiteHref(a.website) ? (
                <a href={websiteHref(a.website)!} target="_blank" rel="noopener noreferrer">
                  {websiteLabel(a.website)}
                </a>
              ) : (
                websiteLabel(a.website)
              )}
            </p>
          )}
        </div>
      </header>
      <ShareButton title={a.company_name} path={paths.advertiser(a.id)} />

      {addressLines.length > 0 && (
        <section className="advertiser-section advertiser-location" aria-labelledby="address-heading">
          <h2 id="address-heading">Address</h2>
          <address>
            {addressLines.map((line, i) => (
              <span key={i} className="address-line">
                {line}
              </span>
            ))}
          </address>
          <ShowMap latitude={a.latitude} longitude={a.longitude} address={addressLines.join(', ')} label={a.company_name} addressShown />
        </section>
      )}

      <AtTheShow advertiser={a} stand={view.data.stand} />

      <Vouchers advertiser={a} />

      {a.intro_text && (
        <section className="advertiser-section" aria-labelledby="intro-heading">
          <h2 id="intro-heading">Introduction</h2>
          <p className="advertiser-intro">{a.intro_text}</p>
        </section>
      )}

      <section className="advertiser-section" aria-labelledby="products-heading">
        <h2 id="products-heading">Products</h2>
        <ProductCarousel key={a.id} slides={slides} companyName={a.company_name} />
      </section>
    </main>
  );
}
