// Writes the PWA icons to public/: a white cat face on purple, as real PNGs, with no dependencies
// (zlib for deflate, a hand-rolled CRC32). Run `node scripts/gen-icons.mjs` after changing the shape.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const PURPLE = [0x6d, 0x28, 0xd9];
const WHITE = [0xff, 0xff, 0xff];
/** Samples per pixel edge for anti-aliasing (SUPERSAMPLE² samples per pixel). */
const SUPERSAMPLE = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** An 8-bit RGB PNG from a width×height×3 pixel buffer. */
function encodePng(width, height, rgb) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inEllipse = (x, y, cx, cy, rx, ry) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** Whether a point of the unit square (face centred on 0.5, 0.5) is white. */
function isCat(x, y) {
  // Eyes and nose are holes in the face, so they show the purple background.
  if (inEllipse(x, y, 0.39, 0.54, 0.04, 0.065) || inEllipse(x, y, 0.61, 0.54, 0.04, 0.065)) return false;
  if (inTriangle(x, y, [0.46, 0.63], [0.54, 0.63], [0.5, 0.68])) return false;
  if (inEllipse(x, y, 0.5, 0.57, 0.3, 0.25)) return true; // head
  return inTriangle(x, y, [0.22, 0.48], [0.27, 0.17], [0.46, 0.36]) || inTriangle(x, y, [0.78, 0.48], [0.73, 0.17], [0.54, 0.36]);
}

/** A square icon; `scale` shrinks the face around the centre (maskable icons keep it in the safe zone). */
function renderIcon(size, scale) {
  const rgb = Buffer.alloc(size * size * 3);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLE) / size;
          if (isCat(0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale)) hits++;
        }
      }
      const a = hits / SUPERSAMPLE ** 2;
      for (let c = 0; c < 3; c++) rgb[(py * size + px) * 3 + c] = Math.round(PURPLE[c] * (1 - a) + WHITE[c] * a);
    }
  }
  return encodePng(size, size, rgb);
}

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, scale: 0.95 },
  { file: 'pwa-512x512.png', size: 512, scale: 0.95 },
  // The maskable safe zone is the centred circle of radius 40%: the ear tips sit at ~0.33 after scaling.
  { file: 'maskable-icon-512x512.png', size: 512, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.85 },
];

for (const { file, size, scale } of ICONS) {
  const png = renderIcon(size, scale);
  writeFileSync(new URL(`../public/${file}`, import.meta.url), png);
  stdout.write(`public/${file}  ${size}x${size}  ${png.length} bytes\n`);
}
