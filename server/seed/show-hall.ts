// The demo show's hall: a floor plan of the live event's hall, drawn as SVG at seed time, and its places —
// a ring for every ring of the schedule (and the Main Ring of Best in Show), a benching row for each of the
// catalogue's rows holding exactly its pens, a stand for every advertiser, the facilities and the areas
// the schedule meets in. Rows of rings and stands wrap, so the ×10 show gets a larger hall of the same kind.
import { pensOf } from '../../shared/floor-plan.ts';
import { esc } from './images.ts';
import type { Row, ShowContext } from './show-context.ts';

/** The hall's units: one per 10 cm, so the ×1 hall is 160 m × 100 m or so, like RAI Amsterdam's Hall 5. */
const MARGIN = 40;
const RING = { width: 260, height: 170, gap: 30 } as const;
const RINGS_PER_LINE = 5;
const ROW = { length: 900, depth: 44, gap: 46 } as const;
const STAND = { width: 95, height: 80, gap: 10 } as const;
const FACILITY_COLUMN = 200;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type PlaceDraft = Box & {
  kind: 'ring' | 'benching' | 'stand' | 'facility' | 'area';
  label: string;
  facility?: string;
  location?: string;
  pens?: string;
  advertiser_id?: number;
};

/** Each advertiser's stand, as the advertisers table words it ("Stand 7"): the n-th advertiser has stand n. */
export const standOf = (advertiserIndex: number) => `Stand ${advertiserIndex + 1}`;

/** A benching row's pens as the row's text: the pens the catalogue puts there, first to last ("A1-A37"). */
function rowPens(letter: string, entries: Row[]): string | null {
  const numbers = entries.flatMap((e) => {
    const m = /^([A-Z]+)(\d+)$/.exec(String(e.pen ?? ''));
    return m && m[1] === letter ? [Number(m[2])] : [];
  });
  return numbers.length ? `${letter}1-${letter}${Math.max(...numbers)}` : null;
}

export function buildHall(
  ctx: ShowContext,
  from: { event: Row; event_schedule: Row[]; advertisers: Row[]; catalogue_entries: Row[]; benchingRows: readonly string[] },
): { floor_plans: Row[]; places: Row[] } {
  const locations = new Set(from.event_schedule.filter((s) => s.event_id === from.event.id).map((s) => String(s.location)));
  const rings = [...locations].filter((l) => /^Ring \d+$/.test(l)).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const drafts: PlaceDraft[] = [];

  // Rings along the top wall, five to a line; the Main Ring beside the first line.
  const ringLines = Math.ceil(rings.length / RINGS_PER_LINE);
  rings.forEach((location, i) => {
    const line = Math.floor(i / RINGS_PER_LINE);
    const col = i % RINGS_PER_LINE;
    drafts.push({
      kind: 'ring',
      label: location,
      location,
      x: MARGIN + FACILITY_COLUMN + col * (RING.width + RING.gap),
      y: MARGIN + line * (RING.height + RING.gap),
      width: RING.width,
      height: RING.height,
    });
  });
  const ringsRight = MARGIN + FACILITY_COLUMN + RINGS_PER_LINE * (RING.width + RING.gap);
  const MAIN_RING = { width: 340, height: 250 } as const;
  if (locations.has('Main Ring')) drafts.push({ kind: 'ring', label: 'Main Ring', location: 'Main Ring', x: ringsRight, y: MARGIN, ...MAIN_RING });
  const hallWidth = ringsRight + MAIN_RING.width + MARGIN;

  // Benching rows across the middle, one per catalogue row, each naming its pens in order.
  const benchTop = MARGIN + ringLines * (RING.height + RING.gap) + 40;
  let rowCount = 0;
  for (const letter of from.benchingRows) {
    const pens = rowPens(letter, from.catalogue_entries);
    if (!pens) continue;
    const length = Math.min(ROW.length * Math.max(1, Math.ceil(pensOf(pens).length / 60)), hallWidth - 2 * MARGIN - 2 * FACILITY_COLUMN);
    drafts.push({
      kind: 'benching',
      label: `Row ${letter}`,
      pens,
      x: MARGIN + FACILITY_COLUMN + 20,
      y: benchTop + rowCount * (ROW.depth + ROW.gap),
      width: length,
      height: ROW.depth,
    });
    rowCount++;
  }
  const benchBottom = benchTop + rowCount * (ROW.depth + ROW.gap);

  // Areas the schedule meets in, right of the benching.
  const areaX = hallWidth - MARGIN - MAIN_RING.width;
  const areas: [string, number][] = [
    ['Kitten Corner', 160],
    ['Stage', 150],
    ['Photo Studio', 110],
  ];
  let areaY = Math.max(benchTop, MARGIN + MAIN_RING.height + 30);
  for (const [label, height] of areas) {
    if (!locations.has(label)) continue;
    drafts.push({ kind: 'area', label, x: areaX, y: areaY, width: 340, height });
    areaY += height + 20;
  }

  // Stands along the bottom wall, wrapping into more lines for a larger show; the n-th advertiser's stand is n.
  const standsTop = Math.max(benchBottom, areaY) + 40;
  const perLine = Math.floor((hallWidth - 2 * MARGIN - FACILITY_COLUMN) / (STAND.width + STAND.gap));
  from.advertisers.forEach((a, i) => {
    const line = Math.floor(i / perLine);
    drafts.push({
      kind: 'stand',
      label: standOf(i),
      advertiser_id: a.id,
      x: MARGIN + FACILITY_COLUMN + (i % perLine) * (STAND.width + STAND.gap),
      y: standsTop + line * (STAND.height + STAND.gap),
      width: STAND.width,
      height: STAND.height,
    });
  });
  const hallHeight = standsTop + Math.ceil(from.advertisers.length / perLine) * (STAND.height + STAND.gap) + MARGIN;

  // Facilities down the left wall, the entrance at the bottom where visitors come in.
  const facilities: [string, string, number][] = [
    ['info_desk', 'Information desk', 90],
    ['vet_check', locations.has('Vet Room') ? 'Vet Room' : 'Vet check', 110],
    ['first_aid', 'First aid', 80],
    ['toilets', 'Toilets', 110],
    ['food', 'Café', 150],
    ['exit', 'Emergency exit', 60],
  ];
  let facilityY = MARGIN;
  for (const [facility, label, height] of facilities) {
    drafts.push({ kind: 'facility', facility, label, x: MARGIN, y: facilityY, width: FACILITY_COLUMN - 30, height });
    facilityY += height + 20;
  }
  drafts.push({
    kind: 'facility',
    facility: 'entrance',
    label: locations.has('Entrance Hall') ? 'Entrance Hall' : 'Entrance',
    x: MARGIN,
    y: hallHeight - MARGIN - 120,
    width: FACILITY_COLUMN - 30,
    height: 120,
  });

  const description = `The show hall from above: ${rings.length} rings and the Main Ring along the far wall, benching rows ${from.benchingRows[0]} to ${from.benchingRows.at(-1)} across the middle, stands along the near wall, facilities and the entrance on the left.`;
  const plan: Row = {
    id: 1,
    event_id: from.event.id,
    image_url: ctx.image('floor-plans/purrfect-show-hall.svg', () => hallSvg(hallWidth, hallHeight, drafts, description)),
    width: hallWidth,
    height: hallHeight,
    description,
  };
  const places = drafts.map((d, i): Row => ({
    id: i + 1,
    floor_plan_id: plan.id,
    kind: d.kind,
    facility: d.facility ?? null,
    label: d.label,
    x: d.x,
    y: d.y,
    width: d.width,
    height: d.height,
    outline: null,
    location: d.location ?? null,
    pens: d.pens ?? null,
    advertiser_id: d.advertiser_id ?? null,
  }));
  return { floor_plans: [plan], places };
}

/**
 * The plan's picture: floor, walls, doors, and each place drawn as a hall's plan draws it (a ring's judging
 * table and holding cages, a row's cages, a stand's booth). No words: the app labels every place itself,
 * in the visitor's text size, and lists them as text.
 */
function hallSvg(width: number, height: number, places: PlaceDraft[], description: string): string {
  const shape = (p: PlaceDraft): string => {
    switch (p.kind) {
      case 'ring': {
        const cages = Math.max(4, Math.floor(p.width / 40));
        const cageW = (p.width - 20) / cages;
        return `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" rx="8" fill="#e8f0e3" stroke="#6d8f5f" stroke-width="3"/>
<rect x="${p.x + p.width / 2 - 50}" y="${p.y + p.height - 50}" width="100" height="30" fill="#b9a27a"/>
${Array.from({ length: cages }, (_, i) => `<rect x="${p.x + 10 + i * cageW}" y="${p.y + 10}" width="${cageW - 6}" height="${cageW - 6}" fill="#fff" stroke="#8a8a8a"/>`).join('')}`;
      }
      case 'benching': {
        const cages = Math.min(80, Math.max(1, Math.floor(p.width / 22)));
        const cageW = p.width / cages;
        return `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" fill="#f4ece1" stroke="#9c8466" stroke-width="2"/>
<path d="${Array.from({ length: cages - 1 }, (_, i) => `M${(p.x + (i + 1) * cageW).toFixed(1)} ${p.y}v${p.height}`).join('')}" stroke="#c9b79f" stroke-width="1"/>`;
      }
      case 'stand':
        return `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" fill="#e6ecf5" stroke="#5d7598" stroke-width="2"/><rect x="${p.x + 10}" y="${p.y + 10}" width="${p.width - 20}" height="16" fill="#c5d2e6"/>`;
      case 'facility':
        return `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" fill="#f1e6f0" stroke="#8d6a8a" stroke-width="2"/>`;
      case 'area':
        return `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" rx="12" fill="#fbf3d9" stroke="#b59a3c" stroke-width="2" stroke-dasharray="10 6"/>`;
    }
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(description)}">
<rect width="${width}" height="${height}" fill="#fdfcf9"/>
<rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="none" stroke="#4a4a4a" stroke-width="12"/>
<rect x="4" y="${height - 150}" width="16" height="100" fill="#fdfcf9"/>
${places.map(shape).join('\n')}
</svg>`;
}
