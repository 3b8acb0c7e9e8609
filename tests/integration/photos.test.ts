// A phone photo through the importer's photo step (server/show-io/photos.ts) into the venue server's
// `images` bucket with the real supabase-js client; and the storage write API's gate and limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { createPhotoStore, photoHash } from '../../server/show-io/photos.ts';
import { MAX_OBJECT_BYTES } from '../../server/storage.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { photoFolder, photoRowPath, photoVariants } from '../../shared/photos.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { testClient } from '../helpers/client.ts';
import { phoneJpeg, phonePixels } from '../helpers/phone-photo.ts';

/**
 * A 4 MB phone photo: 4000×3000, colour gradients under grain (so it does not compress away, as a camera's
 * sensor noise does not), with camera EXIF and orientation 6.
 */
async function phonePhoto(seed: number): Promise<Uint8Array> {
  return new Uint8Array(
    await phoneJpeg(phonePixels(seed), (image) => image.withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Ada Lovelace', Make: 'PhoneCo' } } })),
  );
}

const publicUrl = (server: VenueServer, path: string) => `${server.url}/storage/v1/object/public/images/${path}`;

describe.each(forEngines(['pglite'], 'sharp and the storage API: photo bytes go to files, not the database'))('photos on %s', (engine) => {
  let server: VenueServer;
  let service: SupabaseClient;
  let photo: Uint8Array;
  beforeAll(async () => {
    [server, photo] = await Promise.all([startTestServer(engine), phonePhoto(engine === 'pglite' ? 1 : 2)]);
    service = client(server, 'service_role');
  });
  afterAll(() => server?.close());

  it('cuts a 4 MB phone photo into every SPEC size in WebP and JPEG, and a second import uploads nothing', async () => {
    expect(photo.byteLength).toBeGreaterThan(3_500_000);
    const requests: string[] = [];
    const counting: typeof fetch = (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`);
      return fetch(input, init);
    };
    const store = createPhotoStore(testClient(server.url, DEMO_SERVICE_ROLE_KEY, { fetch: counting }));

    const started = performance.now();
    const first = await store({ name: 'ada.jpg', bytes: photo });
    const ms = performance.now() - started;
    const hash = photoHash(photo);
    expect(first.path).toBe(photoRowPath(hash));
    expect(first.path).toMatch(/^photos\/[0-9a-f]{16}\/gallery\.jpg$/);
    expect(first.bytesBefore).toBe(photo.byteLength);

    const variants = photoVariants(photoFolder(hash));
    expect(variants).toHaveLength(16);
    let sum = 0;
    for (const v of variants) {
      const res = await fetch(publicUrl(server, v.path));
      expect(res.status, v.path).toBe(200);
      expect(res.headers.get('content-type')).toBe(v.format === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(res.headers.get('cache-control')).toBe('max-age=31536000');
      const bytes = new Uint8Array(await res.arrayBuffer());
      sum += bytes.byteLength;
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], v.path).toEqual([v.format === 'webp' ? 'webp' : 'jpeg', v.width, v.height]);
      // Metadata stripped: no EXIF (camera, copyright, orientation) travels to the phones.
      expect(meta.exif, v.path).toBeUndefined();
      expect(meta.orientation, v.path).toBeUndefined();
    }
    expect(first.bytesAfter).toBe(sum);
    expect(first.uploaded).toBe(true);
    expect(requests.filter((r) => r.startsWith('POST /storage/v1/object/images/'))).toHaveLength(16);
    // The row path is a JPEG an old build shows as is, and was uploaded last.
    expect(requests.at(-1)).toBe(`POST /storage/v1/object/images/${first.path}`);

    // The card a phone downloads is a few dozen kB, not 4 MB.
    const card = (await (await fetch(publicUrl(server, `${photoFolder(hash)}/card@2x.webp`))).arrayBuffer()).byteLength;
    console.info(`[photos ${engine}] before ${first.bytesBefore} B, all 16 variants ${first.bytesAfter} B, card@2x.webp ${card} B, ${Math.round(ms)} ms per photo`);
    expect(first.bytesAfter).toBeLessThan(first.bytesBefore / 2);

    requests.length = 0;
    const again = await store({ name: 'ada-copy.jpg', bytes: photo });
    expect(again).toEqual({ path: first.path, bytesBefore: first.bytesBefore, bytesAfter: first.bytesAfter, uploaded: false });
    expect(requests).toEqual([`POST /storage/v1/object/list/images`]);
  });

  it('applies EXIF orientation before cropping', async () => {
    // Stored 300×600, red on top and blue below, with orientation 6 (turn 90° clockwise to show): upright it is
    // 600×300 with blue on the left and red on the right. Ignoring the orientation would give a one-colour band.
    const stored = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { path } = await createPhotoStore(service)({ name: 'turned.jpg', bytes: new Uint8Array(stored) });
    const hero = new Uint8Array(await (await fetch(publicUrl(server, path.replace('gallery.jpg', 'hero-mobile.jpg')))).arrayBuffer());
    const { data, info } = await sharp(hero).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number) => {
      const at = (Math.floor(info.height / 2) * info.width + x) * info.channels;
      return [...data.subarray(at, at + 3)];
    };
    expect([info.width, info.height]).toEqual([428, 256]);
    const [left, right] = [px(10), px(info.width - 10)];
    expect(left[2]! > 200 && left[0]! < 60, `left ${left}`).toBe(true);
    expect(right[0]! > 200 && right[2]! < 60, `right ${right}`).toBe(true);
  });

  it('reports a file that is not a photo by its name and stores nothing', async () => {
    await expect(createPhotoStore(service)({ name: 'notes.txt', bytes: new TextEncoder().encode('not a photo') })).rejects.toThrow(
      /^notes\.txt: not a photo that can be read/,
    );
    await expect(createPhotoStore(service)({ name: 'IMG_0001.HEIC', bytes: new TextEncoder().encode('ftypheic') })).rejects.toThrow(
      /^IMG_0001\.HEIC: not a photo that can be read \(JPEG, PNG, WebP, AVIF, TIFF or GIF\) — HEIC cannot be read here: save it as JPEG/,
    );
    const listed = await service.storage.from('images').list('photos', { limit: 1000 });
    // Only the two photos stored above have folders: a refused file leaves nothing behind.
    expect(listed.data).toHaveLength(2);
  });

  describe('storage write API', () => {
    const upload = (key: string, body: BodyInit, headers: Record<string, string> = {}, path = 'images/x/a.txt', method = 'POST') =>
      fetch(`${server.url}/storage/v1/object/${path}`, {
        method,
        body,
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'text/plain', ...headers },
      });

    it('uploads, refuses a duplicate without upsert, replaces with it, and checks existence like storage-js', async () => {
      const bucket = service.storage.from('images');
      const first = await bucket.upload('notes/a.txt', new TextEncoder().encode('one'), { contentType: 'text/plain' });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ path: 'notes/a.txt', fullPath: 'images/notes/a.txt', id: expect.any(String) });
      const dup = await bucket.upload('notes/a.txt', new TextEncoder().encode('two'), { contentType: 'text/plain' });
      expect(dup.error?.message).toBe('The resource already exists');
      const up = await bucket.upload('notes/a.txt', new TextEncoder().encode('three'), { contentType: 'text/plain', upsert: true });
      expect(up.error).toBeNull();
      expect(await (await fetch(publicUrl(server, 'notes/a.txt'))).text()).toBe('three');
      expect((await bucket.exists('notes/a.txt')).data).toBe(true);
      expect((await bucket.exists('notes/missing.txt')).data).toBe(false);
      const listed = await bucket.list('notes');
      expect(listed.error).toBeNull();
      expect(listed.data!.map((f) => [f.name, (f.metadata as { size: number }).size])).toEqual([['a.txt', 5]]);
      const root = await bucket.list('', { search: 'note' });
      expect(root.data).toEqual([expect.objectContaining({ name: 'notes', id: null })]);
    });

    it('refuses anon and visitor tokens with the storage error shape', async () => {
      const anon = await client(server).storage.from('images').upload('x/anon.txt', new TextEncoder().encode('x'), { contentType: 'text/plain' });
      expect(anon.error?.message).toBe('new row violates row-level security policy');
      const visitor = await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 }, DEMO_JWT_SECRET);
      const res = await fetch(`${server.url}/storage/v1/object/images/x/visitor.txt`, {
        method: 'POST',
        body: 'x',
        headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${visitor}`, 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' });
      const list = await client(server).storage.from('images').list('');
      expect(list.error?.message).toBe('new row violates row-level security policy');
      const none = await fetch(`${server.url}/storage/v1/object/images/x/none.txt`, { method: 'POST', body: 'x' });
      expect(none.status).toBe(401);
      expect((await fetch(publicUrl(server, 'x/anon.txt'))).status).toBe(404);
    });

    it('answers malformed uploads with a 4xx and JSON', async () => {
      const cases: [Response, number, string][] = [
        [await upload(DEMO_SERVICE_ROLE_KEY, new Uint8Array(MAX_OBJECT_BYTES + 1)), 413, 'The object exceeded the maximum allowed size'],
        // fetch resolves a literal a/../b itself; an encoded one reaches the server.
        [await upload(DEMO_SERVICE_ROLE_KEY, 'x', {}, 'images/a%2F..%2Fb.txt'), 400, 'Invalid key: a/../b.txt'],
        [await upload(DEMO_SERVICE_ROLE_KEY, 'x', {}, 'images/a//b.txt'), 400, 'Invalid key: a//b.txt'],
        [await upload(DEMO_SERVICE_ROLE_KEY, 'x', {}, 'images/a/%E0%A4%A.txt'), 400, 'Invalid key: not URL-encoded'],
        [await upload(DEMO_SERVICE_ROLE_KEY, 'x', {}, 'nobucket/a.txt'), 404, 'Bucket not found'],
        [await upload(DEMO_SERVICE_ROLE_KEY, ''), 400, 'Empty object'],
        [await upload(DEMO_SERVICE_ROLE_KEY, 'x', { 'content-type': 'text plain' }), 400, 'Invalid content type: text plain'],
        [
          await upload(DEMO_SERVICE_ROLE_KEY, '{"limit":"ten"}', { 'content-type': 'application/json' }, 'list/images'),
          400,
          expect.stringMatching(/^Invalid list request/) as unknown as string,
        ],
        [
          await upload(DEMO_SERVICE_ROLE_KEY, 'not json', { 'content-type': 'application/json' }, 'list/images'),
          400,
          expect.stringMatching(/^Invalid list request/) as unknown as string,
        ],
      ];
      for (const [res, status, message] of cases) {
        expect(res.status).toBe(status);
        expect(await res.json()).toMatchObject({ statusCode: String(status), message });
      }
    });
  });
});
