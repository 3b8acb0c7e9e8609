// Demo pictures drawn as SVG at seed time (nothing is downloaded): cats in each breed's coat colours
// and pattern, logos, products and venues.
import type { BreedLook } from './breed-seed.ts';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small deterministic hash, so each name gets its own palette. */
function hue(name: string): number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return Math.abs(h) % 360;
}

export interface CatPicture {
  look: BreedLook;
  /** Alt text, also drawn as a caption when captioned. */
  label: string;
  /** Changes pose, background and framing, so a gallery is not the same picture four times. */
  variant: number;
  kitten?: boolean;
  width: number;
  height: number;
  caption?: boolean;
  /** The breed's body type (SPEC §3 "Medium, Slender"): build shapes body and head, size the scale. */
  bodyType?: string;
}

type Build = 'slender' | 'muscular' | 'cobby';
const buildOf = (bodyType: string | undefined): Build => (/slender/i.test(bodyType ?? '') ? 'slender' : /cobby/i.test(bodyType ?? '') ? 'cobby' : 'muscular');
const sizeOf = (bodyType: string | undefined) => (/small/i.test(bodyType ?? '') ? 0.88 : /large/i.test(bodyType ?? '') ? 1 : 0.94);
/** Body width, head width and height, ear size and muzzle length per build: a Siamese is not a Persian. */
const BUILD_SHAPES: Record<Build, { body: number; headX: number; headY: number; ear: number; muzzle: number }> = {
  slender: { body: 0.8, headX: 0.86, headY: 1.06, ear: 1.3, muzzle: 1.15 },
  muscular: { body: 1, headX: 1, headY: 1, ear: 1, muzzle: 1 },
  cobby: { body: 1.14, headX: 1.12, headY: 0.94, ear: 0.8, muzzle: 0.75 },
};

/**
 * A seated cat facing the viewer, drawn in a 400×400 box and centred in width×height, so a card or a
 * thumbnail cropped from the middle always holds the whole cat. Variants change the background, the
 * side the tail falls and the light, not the framing.
 */
export function catSvg(p: CatPicture): string {
  const { look, variant } = p;
  const build = BUILD_SHAPES[buildOf(p.bodyType)];
  const bgHue = (hue(look.base) + variant * 53) % 360;
  const id = `c${variant}`;
  const k = p.kitten ? 0.8 : 1;
  const headR = (p.kitten ? 78 : 68) * build.headX;
  const headRy = (p.kitten ? 78 : 68) * build.headY;
  const fluffy = look.fur === 'long';
  const skin = look.fur === 'hairless';
  const stroke = skin ? '#c9a08f' : shade(look.base, -25);
  const body = `<ellipse cx="200" cy="${285}" rx="${(fluffy ? 108 : 96) * k * build.body}" ry="${(fluffy ? 98 : 90) * k}" fill="url(#${id}fur)" stroke="${stroke}" stroke-width="3"/>`;
  const tail =
    look.tail === 'none'
      ? ''
      : look.tail === 'bob'
        ? `<circle cx="${292 * k + 8}" cy="350" r="${fluffy ? 22 : 16}" fill="${tailColour(look)}" stroke="${stroke}" stroke-width="3"/>`
        : `<path d="M${285 * k + 15} 350 C 360 350, 370 290, 340 250" fill="none" stroke="${tailColour(look)}" stroke-width="${fluffy ? 30 : 18}" stroke-linecap="round"/>`;
  const hy = 170;
  const ears = earsSvg(look, headR, hy, stroke, build.ear);
  const head = `<ellipse cx="200" cy="${hy}" rx="${headR}" ry="${headRy}" fill="url(#${id}fur)" stroke="${stroke}" stroke-width="3"/>`;
  const ruff = fluffy ? `<ellipse cx="200" cy="${hy + headR * 0.85}" rx="${headR * 1.05}" ry="${headR * 0.45}" fill="${whiteOr(look)}" opacity="0.9"/>` : '';
  const marks = patternSvg(look, headR, hy);
  const eyeY = hy - headR * 0.08;
  const eyes = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${200 + s * headR * 0.38}" cy="${eyeY}" rx="${headR * 0.16}" ry="${headR * 0.19}" fill="${look.eyes}" stroke="#222" stroke-width="2"/>` +
        `<ellipse cx="${200 + s * headR * 0.38}" cy="${eyeY}" rx="${headR * 0.05}" ry="${headR * 0.15}" fill="#111"/>` +
        `<circle cx="${200 + s * headR * 0.38 + 4}" cy="${eyeY - 6}" r="3" fill="#fff"/>`,
    )
    .join('');
  const noseY = hy + headRy * 0.28 * build.muzzle;
  const nose = `<path d="M${200 - 9} ${noseY} L${200 + 9} ${noseY} L200 ${noseY + headRy * 0.12} Z" fill="#d98c8c"/>`;
  const mouthY = noseY + headRy * 0.12;
  const mouth = `<path d="M200 ${mouthY} q -10 12 -20 4 M200 ${mouthY} q 10 12 20 4" stroke="#3a2a2a" stroke-width="2" fill="none"/>`;
  const whiskers = skin
    ? ''
    : [-1, 1]
        .map((s) =>
          [0, 1, 2]
            .map(
              (i) =>
                `<line x1="${200 + s * 22}" y1="${hy + headR * 0.36 + i * 6}" x2="${200 + s * (headR + 30)}" y2="${hy + headR * 0.26 + i * 14}" stroke="#eee" stroke-width="1.5" opacity="0.8"/>`,
            )
            .join(''),
        )
        .join('');
  const paws = [-1, 1]
    .map((s) => `<ellipse cx="${200 + s * 36 * k}" cy="${372}" rx="26" ry="14" fill="${pawColour(look)}" stroke="${stroke}" stroke-width="2"/>`)
    .join('');
  const wrinkles = skin ? `<path d="M170 ${hy - headR * 0.55} q30 -10 60 0 M175 ${hy - headR * 0.42} q25 -8 50 0" stroke="#b88a7a" stroke-width="2" fill="none"/>` : '';
  const curls = look.fur === 'curly' ? curlsSvg(look) : '';

  // Frame the 400×400 cat in the middle of the requested size, scaled to the height and the breed's size.
  const scale = (p.height * (p.caption ? 0.78 : 0.9) * sizeOf(p.bodyType)) / 400;
  const x = p.width / 2 - 200 * scale;
  // Its paws rest on the same floor line whatever its size.
  const y = p.height * (p.caption ? 0.82 : 0.94) - 400 * scale;
  // Odd variants mirror the cat (tail on the other side) about its own centre.
  const mirror = variant % 2 === 1 ? ' translate(400 0) scale(-1 1)' : '';
  const caption = p.caption
    ? `<text x="${p.width / 2}" y="${p.height - p.height * 0.06}" font-family="system-ui, sans-serif" font-size="${Math.round(p.height / 14)}" font-weight="600" text-anchor="middle" fill="hsl(${bgHue},35%,22%)">${esc(p.label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}" role="img" aria-label="${esc(p.label)}">
<defs>
<linearGradient id="${id}bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${bgHue},45%,90%)"/><stop offset="1" stop-color="hsl(${(bgHue + 40) % 360},50%,76%)"/></linearGradient>
${furGradient(look, id)}
</defs>
<rect width="100%" height="100%" fill="url(#${id}bg)"/>
<circle cx="${p.width * (0.15 + (variant % 4) * 0.22)}" cy="${p.height * 0.2}" r="${p.height * 0.12}" fill="#fff" opacity="0.35"/>
<rect y="${p.height * 0.86}" width="100%" height="${p.height * 0.14}" fill="hsl(${bgHue},30%,62%)" opacity="0.5"/>
<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})${mirror}">
${tail}${body}${ears}${head}${ruff}${marks}${curls}${wrinkles}${eyes}${nose}${mouth}${whiskers}${paws}
</g>${caption}
</svg>`;
}

function furGradient(look: BreedLook, id: string): string {
  if (look.pattern === 'shaded') {
    return `<linearGradient id="${id}fur" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.accent}"/><stop offset="0.7" stop-color="${look.base}"/></linearGradient>`;
  }
  if (look.pattern === 'van') {
    return `<linearGradient id="${id}fur" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.base}"/><stop offset="1" stop-color="${look.base}"/></linearGradient>`;
  }
  return `<radialGradient id="${id}fur" cx="0.45" cy="0.35" r="0.8"><stop offset="0" stop-color="${shade(look.base, 18)}"/><stop offset="1" stop-color="${look.base}"/></radialGradient>`;
}

function earsSvg(look: BreedLook, r: number, hy: number, stroke: string, size: number): string {
  const colour = look.pattern === 'pointed' || look.pattern === 'van' ? look.accent : look.base;
  const inner = '#e9a9a9';
  const kind = look.ears ?? 'normal';
  return [-1, 1]
    .map((s) => {
      const bx = 200 + s * r * 0.55;
      if (kind === 'folded') {
        // A small flap bent forward, just clearing the top of the head.
        return `<path d="M${bx - r * 0.32} ${hy - r * 0.78} Q${bx} ${hy - r * 1.22} ${bx + r * 0.36} ${hy - r * 0.7} Z" fill="${colour}" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/>`;
      }
      const h = (kind === 'large' ? 1.45 : 1.05) * size;
      const w = (kind === 'large' ? 0.5 : 0.38) * Math.sqrt(size);
      const tipX = bx + s * r * (kind === 'curled' ? 0.05 : 0.2);
      const tipY = hy - r * (0.55 + h * 0.6);
      const curl = kind === 'curled' ? `<path d="M${tipX} ${tipY} q ${-s * 18} -4 ${-s * 26} 14" stroke="${stroke}" stroke-width="4" fill="none"/>` : '';
      return (
        `<path d="M${bx - r * w} ${hy - r * 0.55} L${tipX} ${tipY} L${bx + r * w} ${hy - r * 0.45} Z" fill="${colour}" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/>` +
        `<path d="M${bx - r * w * 0.5} ${hy - r * 0.6} L${tipX} ${tipY + 18} L${bx + r * w * 0.5} ${hy - r * 0.52} Z" fill="${inner}"/>` +
        curl
      );
    })
    .join('');
}

function patternSvg(look: BreedLook, r: number, hy: number): string {
  const a = look.accent;
  switch (look.pattern) {
    case 'tabby':
      return (
        `<g stroke="${a}" stroke-width="9" stroke-linecap="round" fill="none" opacity="0.85">` +
        `<path d="M200 ${hy - r * 0.95} v ${r * 0.35} M180 ${hy - r * 0.9} l 6 ${r * 0.3} M220 ${hy - r * 0.9} l -6 ${r * 0.3}"/>` +
        [230, 262, 294, 326].map((y, i) => `<path d="M${130 + i * 4} ${y} q 70 ${18 + i * 3} 140 0"/>`).join('') +
        `</g>`
      );
    case 'spotted':
      return `<g fill="${a}" opacity="0.9">${[
        [150, 250, 12],
        [190, 236, 10],
        [238, 252, 13],
        [165, 292, 11],
        [212, 286, 14],
        [252, 300, 10],
        [150, 330, 10],
        [200, 330, 12],
        [245, 340, 11],
        [175, hy - r * 0.6, 7],
        [225, hy - r * 0.6, 7],
      ]
        .map(([x, y, rr]) => `<ellipse cx="${x}" cy="${y}" rx="${rr! * 1.2}" ry="${rr}"/>`)
        .join('')}</g>`;
    case 'ticked':
      return `<g stroke="${a}" stroke-width="2" opacity="0.5">${Array.from({ length: 40 }, (_, i) => {
        const x = 125 + ((i * 37) % 150);
        const y = 215 + ((i * 53) % 140);
        return `<line x1="${x}" y1="${y}" x2="${x + 3}" y2="${y + 6}"/>`;
      }).join('')}</g>`;
    case 'pointed':
      return `<ellipse cx="200" cy="${hy + r * 0.2}" rx="${r * 0.5}" ry="${r * 0.42}" fill="${a}" opacity="0.85"/>`;
    case 'bicolour':
      return `<path d="M200 ${hy - r * 0.2} L${200 - r * 0.45} ${hy + r * 0.6} Q200 ${hy + r * 1.7} ${200 + r * 0.45} ${hy + r * 0.6} Z" fill="${a}"/><ellipse cx="200" cy="310" rx="55" ry="62" fill="${a}"/>`;
    case 'van':
      return `<path d="M${200 - r * 0.9} ${hy - r * 0.35} Q200 ${hy - r * 1.25} ${200 + r * 0.9} ${hy - r * 0.35} Q200 ${hy - r * 0.6} ${200 - r * 0.9} ${hy - r * 0.35} Z" fill="${a}"/>`;
    case 'tortoiseshell':
      return `<g opacity="0.9"><path d="M140 240 q 30 -20 50 10 q -20 40 -55 20 Z" fill="${a}"/><path d="M230 280 q 40 -10 45 30 q -30 25 -55 0 Z" fill="#d98a3a"/><path d="M${200 - r * 0.9} ${hy} q 30 -50 70 -40 q -10 40 -70 40 Z" fill="#d98a3a"/><path d="M170 330 q 40 -10 60 20 q -30 20 -60 -20 Z" fill="${a}"/></g>`;
    case 'shaded':
    case 'solid':
      return '';
  }
}

function curlsSvg(look: BreedLook): string {
  return `<g stroke="${shade(look.base, -20)}" stroke-width="3" fill="none" opacity="0.7">${Array.from({ length: 12 }, (_, i) => {
    const x = 130 + (i % 4) * 45;
    const y = 240 + Math.floor(i / 4) * 40;
    return `<path d="M${x} ${y} q 8 -12 16 0 q 8 12 16 0"/>`;
  }).join('')}</g>`;
}

const tailColour = (l: BreedLook) => (l.pattern === 'pointed' || l.pattern === 'van' || l.pattern === 'tabby' ? l.accent : l.base);
const pawColour = (l: BreedLook) => (l.pattern === 'bicolour' ? l.accent : l.pattern === 'pointed' ? l.accent : l.base);
const whiteOr = (l: BreedLook) => (l.pattern === 'bicolour' ? l.accent : shade(l.base, 25));

/** Lightens (amount > 0) or darkens a #rrggbb colour by amount percent. */
function shade(hex: string, amount: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + (amount / 100) * (amount > 0 ? 255 - v : v))));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(ch);
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

export function logoSvg(company: string, size = 240): string {
  const h = hue(company);
  const initial = esc((company.trim()[0] ?? '?').toUpperCase());
  const round = h % 2 === 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${esc(company)} logo">
<rect width="100%" height="100%" rx="${round ? size / 2 : size / 6}" fill="hsl(${h},60%,42%)"/>
<path d="M${size * 0.3} ${size * 0.34} l ${size * 0.06} -${size * 0.14} l ${size * 0.08} ${size * 0.1} M${size * 0.7} ${size * 0.34} l -${size * 0.06} -${size * 0.14} l -${size * 0.08} ${size * 0.1}" stroke="hsl(${h},70%,85%)" stroke-width="${size / 30}" fill="none" stroke-linejoin="round"/>
<text x="50%" y="60%" font-family="system-ui, sans-serif" font-weight="800" font-size="${size / 2.2}" text-anchor="middle" dominant-baseline="middle" fill="#fff">${initial}</text>
</svg>`;
}

/** What a product is drawn as, so "Sisal Scratcher" is a scratching post and "Tuna in Broth" a tin. */
const PRODUCT_KINDS = [
  ['tree', /tree|tower/i],
  ['post', /scratch|sisal|ramp/i],
  ['shelf', /shelf/i],
  ['bed', /hammock|bed|sofa|heat pad/i],
  ['fountain', /fountain/i],
  ['tin', /tuna|sardine|mackerel|chunks/i],
  ['bowl', /feeder|broth|mousse/i],
  ['bag', /litter|pellets|raw|treats|supplement|filter/i],
  ['wand', /wand|sticks/i],
  ['toy', /mice|ball|toy|tunnel|banana|pillow/i],
  ['collar', /collar|harness|tag|bandana|bow tie/i],
  ['carrier', /carrier/i],
  ['house', /catio|run\b|suite/i],
  ['camera', /portrait|session|photo/i],
  ['health', /dental|health|check|plan/i],
  ['device', /diffuser|scale|curtain/i],
] as const satisfies readonly (readonly [string, RegExp])[];
export type ProductShape = (typeof PRODUCT_KINDS)[number][0];

export function productShapeFor(name: string): ProductShape {
  return PRODUCT_KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'bag';
}

export function productSvg(label: string, shape: ProductShape = productShapeFor(label), width = 800, height = 480): string {
  const h = hue(label);
  const main = `hsl(${h},55%,52%)`;
  const dark = `hsl(${h},50%,32%)`;
  const light = `hsl(${(h + 30) % 360},70%,86%)`;
  const wood = '#c8a06a';
  const sisal = '#d9c08a';
  const cx = width / 2;
  const cy = height * 0.45;
  const floor = cy + 140;
  const drawings: Record<ProductShape, string> = {
    tree:
      `<rect x="${cx - 16}" y="${cy - 130}" width="32" height="${floor - cy + 130}" fill="${sisal}"/>` +
      `<rect x="${cx - 120}" y="${cy - 140}" width="240" height="26" rx="10" fill="${main}"/><rect x="${cx - 90}" y="${cy - 20}" width="180" height="26" rx="10" fill="${main}"/>` +
      `<rect x="${cx - 150}" y="${floor - 26}" width="300" height="26" rx="10" fill="${dark}"/><circle cx="${cx + 80}" cy="${cy - 80}" r="12" fill="${light}"/><path d="M${cx + 80} ${cy - 114} v22" stroke="${light}" stroke-width="4"/>`,
    post:
      `<rect x="${cx - 130}" y="${floor - 30}" width="260" height="30" rx="8" fill="${dark}"/>` +
      `<rect x="${cx - 34}" y="${cy - 120}" width="68" height="${floor - cy + 90}" fill="${sisal}"/>` +
      Array.from({ length: 14 }, (_, i) => `<path d="M${cx - 34} ${cy - 112 + i * 16} h68" stroke="#b89a5e" stroke-width="3"/>`).join('') +
      `<rect x="${cx - 70}" y="${cy - 140}" width="140" height="24" rx="8" fill="${main}"/>`,
    shelf: [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${cx - 200 + i * 130}" y="${cy + 60 - i * 80}" width="150" height="22" rx="6" fill="${wood}"/><path d="M${cx - 190 + i * 130} ${cy + 82 - i * 80} l20 30 M${cx - 70 + i * 130} ${cy + 82 - i * 80} l-20 30" stroke="${dark}" stroke-width="6"/>`,
      )
      .join(''),
    bed:
      `<ellipse cx="${cx}" cy="${floor - 40}" rx="190" ry="60" fill="${main}"/><ellipse cx="${cx}" cy="${floor - 58}" rx="150" ry="38" fill="${light}"/>` +
      `<path d="M${cx - 190} ${floor - 40} q 0 -70 60 -80 M${cx + 190} ${floor - 40} q 0 -70 -60 -80" stroke="${main}" stroke-width="26" fill="none" stroke-linecap="round"/>`,
    fountain:
      `<path d="M${cx - 130} ${floor - 90} h260 l-30 90 h-200 Z" fill="${main}"/><ellipse cx="${cx}" cy="${floor - 90}" rx="130" ry="22" fill="${light}"/>` +
      `<rect x="${cx - 14}" y="${floor - 180}" width="28" height="90" rx="8" fill="${dark}"/><path d="M${cx} ${floor - 180} q 40 -30 70 60 M${cx} ${floor - 180} q -40 -30 -70 60" stroke="#7cc3e8" stroke-width="6" fill="none"/>`,
    bowl: `<path d="M${cx - 140} ${cy + 40} h280 q -20 100 -140 100 q -120 0 -140 -100 Z" fill="${main}"/><ellipse cx="${cx}" cy="${cy + 40}" rx="140" ry="26" fill="${light}"/><ellipse cx="${cx}" cy="${cy + 36}" rx="110" ry="16" fill="#a56a3a"/>`,
    tin:
      `<rect x="${cx - 110}" y="${cy - 20}" width="220" height="130" rx="14" fill="#b8bcc4"/><rect x="${cx - 110}" y="${cy + 10}" width="220" height="70" fill="${main}"/>` +
      `<ellipse cx="${cx}" cy="${cy - 20}" rx="110" ry="22" fill="#d8dce2"/><path d="M${cx - 40} ${cy + 45} q 30 -24 60 0 q -30 24 -60 0 Z M${cx + 20} ${cy + 45} l 22 -14 v28 Z" fill="${light}"/>`,
    bag:
      `<path d="M${cx - 110} ${cy - 120} h220 l20 260 h-260 Z" fill="${main}"/><path d="M${cx - 110} ${cy - 120} l20 -20 h180 l20 20" fill="${dark}"/>` +
      `<rect x="${cx - 70}" y="${cy - 30}" width="140" height="80" rx="12" fill="${light}"/><circle cx="${cx}" cy="${cy + 10}" r="18" fill="${main}"/>`,
    wand:
      `<path d="M${cx - 200} ${floor} L${cx + 40} ${cy - 80}" stroke="${wood}" stroke-width="12" stroke-linecap="round"/><path d="M${cx + 40} ${cy - 80} q 60 -20 90 40" stroke="#888" stroke-width="3" fill="none"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${cx + 130} ${cy - 40} q ${-20 + i * 20} 60 ${-10 + i * 20} 110" stroke="hsl(${(h + i * 60) % 360},70%,55%)" stroke-width="18" stroke-linecap="round" fill="none"/>`,
        )
        .join(''),
    toy:
      `<ellipse cx="${cx - 60}" cy="${floor - 50}" rx="80" ry="48" fill="${main}"/><circle cx="${cx - 125}" cy="${floor - 80}" r="20" fill="${light}"/><circle cx="${cx - 142}" cy="${floor - 52}" r="5" fill="#222"/>` +
      `<path d="M${cx + 20} ${floor - 40} q 50 10 60 -30" stroke="${dark}" stroke-width="6" fill="none"/><circle cx="${cx + 130}" cy="${floor - 48}" r="48" fill="${light}" stroke="${main}" stroke-width="8"/>`,
    collar:
      `<ellipse cx="${cx}" cy="${cy}" rx="150" ry="70" fill="none" stroke="${main}" stroke-width="30"/><rect x="${cx - 24}" y="${cy + 52}" width="48" height="36" rx="6" fill="#c9c9c9"/>` +
      `<circle cx="${cx}" cy="${cy + 122}" r="30" fill="#e0b84a"/><circle cx="${cx}" cy="${cy + 86}" r="8" fill="none" stroke="#e0b84a" stroke-width="5"/>`,
    carrier:
      `<rect x="${cx - 180}" y="${cy - 70}" width="360" height="${floor - cy + 70}" rx="40" fill="${main}"/><rect x="${cx - 150}" y="${cy - 30}" width="110" height="130" rx="16" fill="${light}"/>` +
      Array.from({ length: 5 }, (_, i) => `<path d="M${cx - 140 + i * 22} ${cy - 30} v130" stroke="${main}" stroke-width="5"/>`).join('') +
      `<path d="M${cx - 60} ${cy - 70} q 60 -90 120 0" stroke="${dark}" stroke-width="16" fill="none"/>`,
    house:
      `<path d="M${cx - 170} ${floor} v-150 l170 -100 l170 100 v150 Z" fill="${light}" stroke="${dark}" stroke-width="10" stroke-linejoin="round"/>` +
      Array.from(
        { length: 7 },
        (_, i) => `<path d="M${cx - 120 + i * 40} ${floor} v-${i === 3 ? 230 : 150 + 40 - Math.abs(3 - i) * 20}" stroke="${dark}" stroke-width="4"/>`,
      ).join('') +
      `<path d="M${cx - 170} ${floor - 75} h340" stroke="${dark}" stroke-width="4"/>`,
    camera:
      `<rect x="${cx - 160}" y="${cy - 60}" width="320" height="190" rx="24" fill="${dark}"/><rect x="${cx - 60}" y="${cy - 95}" width="120" height="45" rx="10" fill="${dark}"/>` +
      `<circle cx="${cx}" cy="${cy + 35}" r="70" fill="${light}"/><circle cx="${cx}" cy="${cy + 35}" r="42" fill="${main}"/><circle cx="${cx + 115}" cy="${cy - 25}" r="12" fill="#f5d76e"/>`,
    health:
      `<rect x="${cx - 120}" y="${cy - 130}" width="240" height="290" rx="18" fill="#fff" stroke="${dark}" stroke-width="8"/><rect x="${cx - 50}" y="${cy - 150}" width="100" height="40" rx="10" fill="${dark}"/>` +
      `<path d="M${cx} ${cy - 70} v100 M${cx - 50} ${cy - 20} h100" stroke="${main}" stroke-width="30"/><path d="M${cx - 80} ${cy + 80} h160 M${cx - 80} ${cy + 115} h110" stroke="#bbb" stroke-width="8"/>`,
    device:
      `<rect x="${cx - 90}" y="${cy - 80}" width="180" height="${floor - cy + 80}" rx="30" fill="${main}"/><rect x="${cx - 60}" y="${cy - 40}" width="120" height="70" rx="10" fill="${light}"/>` +
      `<circle cx="${cx}" cy="${cy + 90}" r="18" fill="${dark}"/><path d="M${cx - 30} ${cy - 110} q 30 -30 60 0 M${cx - 50} ${cy - 130} q 50 -40 100 0" stroke="${light}" stroke-width="6" fill="none"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">
<rect width="100%" height="100%" fill="hsl(${h},40%,94%)"/>${drawings[shape]}
<text x="50%" y="${height - 28}" font-family="system-ui, sans-serif" font-size="28" font-weight="600" text-anchor="middle" fill="hsl(${h},40%,25%)">${esc(label)}</text>
</svg>`;
}

export function venueSvg(label: string, width = 1280, height = 640): string {
  const h = hue(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${h},60%,80%)"/><stop offset="1" stop-color="hsl(${(h + 30) % 360},60%,92%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<rect x="0" y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="hsl(${h},20%,55%)"/>
<path d="M${width * 0.12} ${height * 0.72} V${height * 0.38} Q${width / 2} ${height * 0.08} ${width * 0.88} ${height * 0.38} V${height * 0.72} Z" fill="hsl(${(h + 200) % 360},30%,42%)"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${width * (0.18 + i * 0.095)}" y="${height * 0.45}" width="${width * 0.05}" height="${height * 0.12}" rx="6" fill="hsl(${h},70%,88%)"/>`).join('')}
<rect x="${width * 0.45}" y="${height * 0.58}" width="${width * 0.1}" height="${height * 0.14}" fill="hsl(${h},50%,25%)"/>
<text x="50%" y="${height * 0.32}" font-family="system-ui, sans-serif" font-size="${Math.round(height / 14)}" font-weight="700" text-anchor="middle" fill="#fff">${esc(label)}</text>
</svg>`;
}
