// npm run show -- import, measured: the demo show at --scale, exported to a folder, given
// phone photos (4000×3000 JPEGs, about 4 MB each) as its litters' pictures, and imported into an empty
// venue server through the same code the command runs; then imported again, which must write nothing.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { DEMO_SERVICE_ROLE_KEY, loadConfig } from '../server/config.ts';
import { startVenueServer, type VenueServer } from '../server/start.ts';
import { exportShow } from '../server/show-io/export.ts';
import { importShow } from '../server/show-io/import.ts';
import { testClient } from '../tests/helpers/client.ts';
import { phoneJpeg, phonePixels } from '../tests/helpers/phone-photo.ts';
import { round, timed, type BenchOptions, type Report } from './report.ts';

/** Photos per ×1 of the show: the ×10 show of a full run brings 200. */
const PHOTOS_PER_SCALE = 20;
/** Under --ci: the ×1 show and two photos, enough for the exact figures, in seconds. */
const CI_PHOTOS = 2;

async function emptyServer(seed: boolean, scale: number): Promise<VenueServer> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '' });
  config.dataDir = null;
  config.staticDir = null;
  return startVenueServer(config, { seed, scale });
}

/** Camera-like photos (tests/helpers/phone-photo.ts), each with its hue turned, so each is its own photo. */
async function phonePhotos(count: number): Promise<Buffer[]> {
  const raw = phonePixels(7);
  const photos: Buffer[] = [];
  for (let n = 0; n < count; n++) photos.push(await phoneJpeg(raw, (image) => image.modulate({ hue: (n * 37) % 360 })));
  return photos;
}

export async function benchImport(report: Report, { scale, ci }: BenchOptions): Promise<void> {
  const showScale = ci ? scale : scale * 10;
  const photoCount = ci ? CI_PHOTOS : PHOTOS_PER_SCALE * showScale;
  const folder = mkdtempSync(join(tmpdir(), 'purrfect-import-'));
  const source = await emptyServer(true, showScale);
  const target = await emptyServer(false, 1);
  try {
    const exported = await exportShow({ folder, client: testClient(source.url, DEMO_SERVICE_ROLE_KEY), url: source.url });
    // The litters' pictures become phone photos, as an organiser's folder would hold them.
    const photos = await phonePhotos(photoCount);
    mkdirSync(join(folder, 'phone'), { recursive: true });
    const littersFile = join(folder, 'litters.csv');
    const litters = parse(readFileSync(littersFile), { columns: true }) as Record<string, string>[];
    photos.forEach((bytes, n) => {
      writeFileSync(join(folder, 'phone', `litter-${n + 1}.jpg`), bytes);
      litters[n % litters.length]!.litter_image_url = `phone/litter-${n + 1}.jpg`;
    });
    writeFileSync(littersFile, stringify(litters, { header: true }));
    const photoBytes = photos.reduce((n, p) => n + p.byteLength, 0);

    const service = testClient(target.url, DEMO_SERVICE_ROLE_KEY);
    const [importMs, first] = await timed(() => importShow({ folder, client: service, url: target.url }));
    if (first.problems.length) throw new Error(`the exported show does not import: ${first.problems.slice(0, 3).join('; ')}`);
    const rows = first.written.inserted + first.written.updated;
    const detail = `${exported.rows.toLocaleString('en-GB')} rows, ${exported.images} stored images and ${photoCount} phone photos (${round(photoBytes / 1024 / 1024, 1)} MiB)`;
    report.atMost(`show import ×${showScale} into an empty server (PGlite)`, round(importMs / 1000, 1), 's', 60 * showScale, 'timing', detail);
    // Wall time over rows, the photos' cutting and every image upload included (measured: ×10 with 200 photos, 96 rows/s).
    report.atLeast('show import, rows per second (photos included)', Math.round(rows / (importMs / 1000)), 'rows/s', 80, 'timing');
    report.exactly('show import, rows written', rows, '', exported.rows);
    report.atMost(
      'show import, phone photos: bytes stored per MiB of originals',
      round(first.photos.bytesAfter / (photoBytes / 1024 / 1024) / 1024, 1),
      'KiB',
      256,
      'exact',
      `${round(photoBytes / 1024 / 1024, 1)} MiB of originals → ${round(first.photos.bytesAfter / 1024 / 1024, 1)} MiB in every size and format; ${round(importMs / 1000 / Math.max(1, photoCount), 2)} s per photo at most`,
    );
    const [againMs, again] = await timed(() => importShow({ folder, client: service, url: target.url }));
    report.exactly('show re-import, rows written', again.written.inserted + again.written.updated + again.written.deleted, '', 0, `${round(againMs / 1000, 1)} s`);
    report.exactly('show re-import, photos uploaded', again.photos.uploaded, '', 0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await source.close();
    await target.close();
  }
}
