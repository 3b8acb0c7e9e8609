// Demo images drawn as SVG at seed time, so nothing is downloaded: a cat, a logo, a venue.

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small deterministic hash so each name gets its own palette. */
export function hue(name: string): number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return Math.abs(h) % 360;
}

export function catSvg(label: string, variant = 0, width = 800, height = 480): string {
  const h = (hue(label) + variant * 47) % 360;
  const cx = width / 2;
  const cy = height * 0.58;
  const r = Math.min(width, height) * 0.28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,88%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,72%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<g fill="hsl(${h},35%,${30 + (variant % 3) * 10}%)">
<path d="M${cx - r * 0.85} ${cy - r * 0.45} L${cx - r * 0.75} ${cy - r * 1.35} L${cx - r * 0.2} ${cy - r * 0.85} Z"/>
<path d="M${cx + r * 0.85} ${cy - r * 0.45} L${cx + r * 0.75} ${cy - r * 1.35} L${cx + r * 0.2} ${cy - r * 0.85} Z"/>
<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.85}"/></g>
<g fill="hsl(${(h + 180) % 360},70%,80%)"><ellipse cx="${cx - r * 0.38}" cy="${cy - r * 0.1}" rx="${r * 0.14}" ry="${r * 0.2}"/><ellipse cx="${cx + r * 0.38}" cy="${cy - r * 0.1}" rx="${r * 0.14}" ry="${r * 0.2}"/></g>
<path d="M${cx - r * 0.1} ${cy + r * 0.18} L${cx + r * 0.1} ${cy + r * 0.18} L${cx} ${cy + r * 0.3} Z" fill="hsl(350,60%,70%)"/>
<text x="${cx}" y="${height - 24}" font-family="sans-serif" font-size="${Math.round(height / 16)}" text-anchor="middle" fill="hsl(${h},40%,20%)">${escapeXml(label)}</text>
</svg>`;
}

export function logoSvg(company: string, size = 240): string {
  const h = hue(company);
  const initial = escapeXml((company.trim()[0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(company)} logo">
<rect width="100%" height="100%" rx="${size / 6}" fill="hsl(${h},60%,45%)"/>
<text x="50%" y="58%" font-family="sans-serif" font-weight="700" font-size="${size / 2}" text-anchor="middle" dominant-baseline="middle" fill="#fff">${initial}</text>
</svg>`;
}

export function productSvg(label: string, index: number, width = 640, height = 480): string {
  const h = (hue(label) + index * 67) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<rect width="100%" height="100%" fill="hsl(${h},45%,92%)"/>
<rect x="${width * 0.3}" y="${height * 0.22}" width="${width * 0.4}" height="${height * 0.5}" rx="24" fill="hsl(${h},55%,55%)"/>
<circle cx="${width / 2}" cy="${height * 0.47}" r="${height * 0.12}" fill="hsl(${(h + 30) % 360},70%,85%)"/>
<text x="50%" y="${height - 30}" font-family="sans-serif" font-size="26" text-anchor="middle" fill="hsl(${h},40%,25%)">${escapeXml(label)}</text>
</svg>`;
}

export function venueSvg(label: string, width = 1200, height = 600): string {
  const h = hue(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<rect width="100%" height="100%" fill="hsl(${h},50%,85%)"/>
<rect x="0" y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="hsl(${h},30%,60%)"/>
<path d="M${width * 0.2} ${height * 0.7} L${width * 0.2} ${height * 0.35} L${width / 2} ${height * 0.15} L${width * 0.8} ${height * 0.35} L${width * 0.8} ${height * 0.7} Z" fill="hsl(${(h + 200) % 360},35%,45%)"/>
<rect x="${width * 0.45}" y="${height * 0.5}" width="${width * 0.1}" height="${height * 0.2}" fill="hsl(${h},60%,92%)"/>
<text x="50%" y="${height * 0.9}" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#fff">${escapeXml(label)}</text>
</svg>`;
}
