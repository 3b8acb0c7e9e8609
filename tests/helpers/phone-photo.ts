// A 4 MB phone photo made at test time (nothing is downloaded): 4000×3000, colour gradients under grain,
// which does not compress away, as a camera sensor's noise does not.
import sharp, { type Sharp } from 'sharp';

const [WIDTH, HEIGHT, GRAIN] = [4000, 3000, 40];

/** The raw RGB pixels of one such photo; `seed` changes the grain. */
export function phonePixels(seed: number): Buffer {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let x = seed;
  for (let y = 0; y < HEIGHT; y++) {
    for (let i = 0; i < WIDTH; i++) {
      const base = [(255 * i) / WIDTH, (255 * y) / HEIGHT, 128 + 100 * Math.sin(i / 300) * Math.cos(y / 200)];
      for (let c = 0; c < 3; c++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        raw[(y * WIDTH + i) * 3 + c] = Math.max(0, Math.min(255, base[c]! + (((x >> 16) & 0xff) / 255) * 2 * GRAIN - GRAIN));
      }
    }
  }
  return raw;
}

/** The pixels as a camera JPEG (quality 80); `edit` may turn them (hue, EXIF) first. */
export async function phoneJpeg(raw: Buffer, edit: (image: Sharp) => Sharp = (image) => image): Promise<Buffer> {
  return edit(sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }))
    .jpeg({ quality: 80 })
    .toBuffer();
}
