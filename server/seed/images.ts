// Demo pictures drawn as SVG at seed time (nothing is downloaded): cats in each breed's coat colours
// and pattern, logos, products and venues.
import type { BreedLook } from './breed-seed.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small deterministic hash, so each name gets its own palette. */
export function hue(name: string): number {
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
}

/** A seated cat facing the viewer, drawn in a 400×400 box and framed into width×height. */
export function catSvg(p: CatPicture): string {
  const { look, variant } = p;
  const bgHue = (hue(look.base) + variant * 53) % 360;
  const id = `c${variant}`;
  const k = p.kitten ? 0.8 : 1;
  const headR = p.kitten ? 78 : 68;
  const fluffy = look.fur === 'long';
  const skin = look.fur === 'hairless';
  const stroke = skin ? '#c9a08f' : shade(look.base, -25);
  const body = `<ellipse cx="200" cy="${285}" rx="${(fluffy ? 108 : 96) * k}" ry="${(fluffy ? 98 : 90) * k}" fill="url(#${id}fur)" stroke="${stroke}" stroke-width="3"/>`;
  const tail =
    look.tail === 'none'
      ? ''
      : look.tail === 'bob'
        ? `<circle cx="${292 * k + 8}" cy="350" r="${fluffy ? 22 : 16}" fill="${tailColour(look)}" stroke="${stroke}" stroke-width="3"/>`
        : `<path d="M${285 * k + 15} 350 C 360 350, 370 290, 340 250" fill="none" stroke="${tailColour(look)}" stroke-width="${fluffy ? 30 : 18}" stroke-linecap="round"/>`;
  const hy = 170;
  const ears = earsSvg(look, headR, hy, stroke);
  const head = `<circle cx="200" cy="${hy}" r="${headR}" fill="url(#${id}fur)" stroke="${stroke}" stroke-width="3"/>`;
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
  const nose = `<path d="M${200 - 9} ${hy + headR * 0.28} L${200 + 9} ${hy + headR * 0.28} L200 ${hy + headR * 0.4} Z" fill="#d98c8c"/>`;
  const mouth = `<path d="M200 ${hy + headR * 0.4} q -10 12 -20 4 M200 ${hy + headR * 0.4} q 10 12 20 4" stroke="#3a2a2a" stroke-width="2" fill="none"/>`;
  const whiskers = skin
    ? ''
    : [-1, 1]
        .map((s) =>
          [0, 1, 2]
            .map((i) => `<line x1="${200 + s * 22}" y1="${hy + headR * 0.36 + i * 6}" x2="${200 + s * (headR + 30)}" y2="${hy + headR * 0.26 + i * 14}" stroke="#eee" stroke-width="1.5" opacity="0.8"/>`)
            .join(''),
        )
        .join('');
  const paws = [-1, 1].map((s) => `<ellipse cx="${200 + s * 36 * k}" cy="${372}" rx="26" ry="14" fill="${pawColour(look)}" stroke="${stroke}" stroke-width="2"/>`).join('');
  const wrinkles = skin ? `<path d="M170 ${hy - headR * 0.55} q30 -10 60 0 M175 ${hy - headR * 0.42} q25 -8 50 0" stroke="#b88a7a" stroke-width="2" fill="none"/>` : '';
  const curls = look.fur === 'curly' ? curlsSvg(look) : '';

  // Frame the 400×400 cat inside the requested size: scaled to the height, placed by variant.
  const scale = (p.height * (p.caption ? 0.78 : 0.9)) / 400;
  const x = p.width / 2 - 200 * scale + ((variant % 3) - 1) * p.width * 0.18;
  const y = p.height * 0.04;
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
<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">
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

function earsSvg(look: BreedLook, r: number, hy: number, stroke: string): string {
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
      const h = kind === 'large' ? 1.45 : 1.05;
      const w = kind === 'large' ? 0.5 : 0.38;
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
        [150, 250, 12], [190, 236, 10], [238, 252, 13], [165, 292, 11], [212, 286, 14], [252, 300, 10], [150, 330, 10], [200, 330, 12], [245, 340, 11],
        [175, hy - r * 0.6, 7], [225, hy - r * 0.6, 7],
      ].map(([x, y, rr]) => `<ellipse cx="${x}" cy="${y}" rx="${rr! * 1.2}" ry="${rr}"/>`).join('')}</g>`;
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
export function shade(hex: string, amount: number): string {
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

const PRODUCT_SHAPES = ['bag', 'can', 'tree', 'toy', 'bowl', 'collar'] as const;
export type ProductShape = (typeof PRODUCT_SHAPES)[number];

export function productSvg(label: string, shape: ProductShape, width = 800, height = 480): string {
  const h = hue(label);
  const main = `hsl(${h},55%,52%)`;
  const light = `hsl(${(h + 30) % 360},70%,86%)`;
  const cx = width / 2;
  const cy = height * 0.45;
  const drawings: Record<ProductShape, string> = {
    bag: `<path d="M${cx - 110} ${cy - 120} h220 l20 250 h-260 Z" fill="${main}"/><rect x="${cx - 70}" y="${cy - 40}" width="140" height="80" rx="12" fill="${light}"/>`,
    can: `<rect x="${cx - 80}" y="${cy - 100}" width="160" height="200" rx="18" fill="${main}"/><ellipse cx="${cx}" cy="${cy - 100}" rx="80" ry="18" fill="${light}"/><rect x="${cx - 80}" y="${cy - 30}" width="160" height="60" fill="${light}"/>`,
    tree: `<rect x="${cx - 14}" y="${cy - 120}" width="28" height="240" fill="#c8a06a"/><rect x="${cx - 110}" y="${cy - 130}" width="220" height="24" rx="8" fill="${main}"/><rect x="${cx - 80}" y="${cy - 10}" width="160" height="24" rx="8" fill="${main}"/><rect x="${cx - 130}" y="${cy + 110}" width="260" height="24" rx="8" fill="${main}"/>`,
    toy: `<circle cx="${cx}" cy="${cy}" r="70" fill="${main}"/><path d="M${cx + 60} ${cy - 40} q 80 -60 120 -10" stroke="${light}" stroke-width="8" fill="none"/><circle cx="${cx + 180}" cy="${cy - 50}" r="16" fill="${light}"/>`,
    bowl: `<path d="M${cx - 140} ${cy} h280 q -20 110 -140 110 q -120 0 -140 -110 Z" fill="${main}"/><ellipse cx="${cx}" cy="${cy}" rx="140" ry="26" fill="${light}"/>`,
    collar: `<ellipse cx="${cx}" cy="${cy}" rx="140" ry="90" fill="none" stroke="${main}" stroke-width="34"/><circle cx="${cx}" cy="${cy + 110}" r="26" fill="#e0b84a"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">
<rect width="100%" height="100%" fill="hsl(${h},40%,94%)"/>${drawings[shape]}
<text x="50%" y="${height - 28}" font-family="system-ui, sans-serif" font-size="28" font-weight="600" text-anchor="middle" fill="hsl(${h},40%,25%)">${esc(label)}</text>
</svg>`;
}

export const productShapes = PRODUCT_SHAPES;

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
