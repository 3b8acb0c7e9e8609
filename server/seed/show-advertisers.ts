// The demo show's advertisers, with their logos and product pictures; `scale` copies of the list, the
// copies named after their city.
import { toListText } from '../../shared/list-text.ts';
import { logoSvg, productSvg } from './images.ts';
import { PLACES } from './places.ts';
import { standOf } from './show-hall.ts';
import { round, slugOf, type Row, type ShowContext } from './show-context.ts';
import { ADVERTISERS } from './show-lists.ts';

type Advertiser = (typeof ADVERTISERS)[number];

export function buildAdvertisers(ctx: ShowContext): Row[] {
  const advertisers: Row[] = [];
  for (let copy = 0; copy < ctx.scale; copy++) {
    ADVERTISERS.forEach((a, i) => advertisers.push(advertiserRow(ctx, a, i, copy, advertisers.length + 1)));
  }
  return advertisers;
}

/**
 * The index-th advertiser of ADVERTISERS in its copy-th copy. Products are stored as a list on some rows
 * and as quoted text on others (SPEC §2).
 */
function advertiserRow(ctx: ShowContext, a: Advertiser, index: number, copy: number, id: number): Row {
  const { rnd } = ctx;
  const place = PLACES[(index * 5 + copy) % PLACES.length]!;
  const dir = `advertisers/${slugOf(a.name)}`;
  const logo = a.logo ? ctx.image(`${dir}/logo.svg`, () => logoSvg(a.name)) : null;
  const productImages = a.products.map((p, n) => ctx.image(`${dir}/product-${n + 1}.svg`, () => productSvg(p)));
  // A few advertisers describe more products than they picture, which the carousel must handle.
  const descriptions = a.products.map((p) => `${p}: ${a.intro.split(' ').slice(0, 6).join(' ').replace(/[,.]$/, '')}.`);
  const shownImages = index % 7 === 3 ? productImages.slice(0, -1) : productImages;
  return {
    id,
    company_name: copy === 0 ? a.name : `${a.name} ${place.city}`,
    company_logo_url: logo,
    website: `https://www.${slugOf(a.name).replace(/-/g, '')}.example`,
    street_address: `${place.street} ${rnd.int(1, 120)}`,
    city: place.city,
    postal_code: place.postal,
    country: place.country,
    intro_text: a.intro,
    product_images: index % 2 === 0 ? shownImages : toListText(shownImages),
    product_descriptions: index % 3 === 0 ? toListText(descriptions) : descriptions,
    discount_voucher_enabled: a.discount !== null,
    discount_voucher_amount: a.discount,
    rebate_voucher_enabled: a.rebate !== null,
    rebate_voucher_percentage: a.rebate,
    latitude: round(place.lat + (rnd.next() - 0.5) * 0.05, 5),
    longitude: round(place.lng + (rnd.next() - 0.5) * 0.05, 5),
    // The live show's hall has a stand for each (server/seed/show-hall.ts draws them in this order).
    stand: standOf(id - 1),
    opening_hours: index % 4 === 1 ? 'Show days 10:00–17:00' : 'Show days 09:00–17:30',
  };
}
