import { describe, expect, it } from 'vitest';
import { isApiRequest, isBuildAsset, isCachedImage, isMapTile, isShellNavigation, NAVIGATION_DENYLIST, navigationAllowlist } from './match.ts';

const ORIGIN = 'http://127.0.0.1:54321';
const IMAGE_ROOT = `${ORIGIN}/storage/v1/object/public/images`;
const u = (href: string) => new URL(href, ORIGIN);

describe('navigation rules', () => {
  it.each([
    ['/rest/v1/breeds', true],
    ['/auth/v1/verify', true],
    ['/functions/v1/send-coupon', true],
    ['/storage/v1/object/public/images/a.svg', true],
    ['/_dev/mail', true],
    ['/', false],
    ['/breeds/ABY', false],
    ['/restaurants', false],
  ])('%s denied: %s', (path, denied) => {
    expect(NAVIGATION_DENYLIST.some((re) => re.test(path))).toBe(denied);
  });

  it.each([
    ['/', '/breeds', true],
    ['/show/', '/show/breeds', true],
    ['/show/', '/other', false],
    ['/a.b/', '/a.b/x', true],
    ['/a.b/', '/axb/x', false],
  ])('base %s allows %s: %s', (base, path, allowed) => {
    expect(navigationAllowlist(base).some((re) => re.test(path))).toBe(allowed);
  });
});

describe('isShellNavigation', () => {
  it.each([
    ['https://hall.example/', '/', true],
    ['https://hall.example/breeds/ABY?from=qr', '/', true],
    ['https://hall.example/rest/v1/breeds', '/', false],
    ['https://hall.example/_dev/mail', '/', false],
    ['https://hall.example/show/catalogue', '/show/', true],
    ['https://hall.example/catalogue', '/show/', false],
  ])('%s under %s: %s', (url, base, expected) => {
    expect(isShellNavigation(new URL(url), base)).toBe(expected);
  });
});

describe('runtime caching rules', () => {
  it.each([
    ['https://tile.openstreetmap.org/12/2200/1343.png', true],
    ['https://a.tiles.example.com/v4/12/2200/1343.pbf', true],
    ['https://maps.example.com/styles/12/2200/1343@2x.webp', true],
    ['https://maps.example.com/x/12/2200/1343.jpg?key=abc', true],
    ['https://maps.example.com/geocode?q=hall', false],
    [`${IMAGE_ROOT}/1/2/3.png`, false],
    [`${ORIGIN}/rest/v1/1/2/3.png`, false],
  ])('tile %s: %s', (href, tile) => {
    expect(isMapTile(u(href))).toBe(tile);
  });

  it.each([
    [`${IMAGE_ROOT}/breeds/aby.svg`, '', true],
    // An imported photo's variants (shared/photos.ts), whichever the <picture> picked.
    [`${IMAGE_ROOT}/photos/be00075c40a960f1/card@2x.webp`, 'image', true],
    [`${IMAGE_ROOT}/photos/be00075c40a960f1/hero-mobile.jpg`, 'image', true],
    ['https://project.supabase.co/storage/v1/object/public/images/x.jpg', '', true],
    ['https://cdn.example.com/pics/x.jpg', 'image', true],
    ['https://cdn.example.com/pics/x.jpg', '', false],
    [`${ORIGIN}/favicon.svg`, 'image', false],
    [`${ORIGIN}/rest/v1/breeds`, '', false],
    [`${ORIGIN}/functions/v1/send-coupon`, 'image', false],
  ])('image %s (%s): %s', (href, destination, cached) => {
    expect(isCachedImage(u(href), destination, ORIGIN, IMAGE_ROOT)).toBe(cached);
  });

  it.each([
    [`${ORIGIN}/assets/ring-side-page-B2x9.js`, '/', true],
    [`${ORIGIN}/assets/console-Ab12.css`, '/', true],
    [`${ORIGIN}/show/assets/console-Ab12.js`, '/show/', true],
    [`${ORIGIN}/assets/console-Ab12.js`, '/show/', false],
    [`${ORIGIN}/assets/logo.svg`, '/', false],
    [`${ORIGIN}/rest/v1/assets/x.js`, '/', false],
    ['https://cdn.example.com/assets/x.js', '/', false],
  ])('build asset %s under %s: %s', (href, basePath, kept) => {
    expect(isBuildAsset(u(href), ORIGIN, basePath)).toBe(kept);
  });

  it('follows a configured image root on another host', () => {
    expect(isCachedImage(u('https://img.example.com/root/a.webp'), '', ORIGIN, 'https://img.example.com/root')).toBe(true);
    expect(isCachedImage(u('https://img.example.com/rootless/a.webp'), '', ORIGIN, 'https://img.example.com/root')).toBe(false);
  });

  it.each([
    ['/rest/v1/breeds', true],
    ['/auth/v1/token', true],
    ['/functions/v1/send-coupon', true],
    ['/storage/v1/object/public/images/a.svg', false],
  ])('api %s: %s', (path, api) => {
    expect(isApiRequest(u(path))).toBe(api);
  });
});
