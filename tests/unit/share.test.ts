// The share fallback: share sheet, else clipboard, else copy by hand.
import { describe, expect, test, vi } from 'vitest';
import { appLink, canWebShare, shareOrCopy, type ShareNavigator } from '../../src/lib/share.ts';

const data = { title: 'Maine Coon', url: 'https://show.example/breeds/MCO' };
const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });
const denied = () => Object.assign(new Error('no'), { name: 'NotAllowedError' });

describe('shareOrCopy', () => {
  test('uses the share sheet when there is one, with the title and link', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(data, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Maine Coon', url: 'https://show.example/breeds/MCO' });
    expect(writeText).not.toHaveBeenCalled();
  });

  test('a closed share sheet is the visitor cancelling: nothing is copied', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(data, { share: () => Promise.reject(abort()), clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  test.each<[string, ShareNavigator, 'copied' | 'unavailable']>([
    ['no share sheet: the clipboard', { clipboard: { writeText: async () => {} } }, 'copied'],
    ['a share sheet that fails: the clipboard', { share: () => Promise.reject(denied()), clipboard: { writeText: async () => {} } }, 'copied'],
    ['canShare says no: the clipboard', { share: async () => {}, canShare: () => false, clipboard: { writeText: async () => {} } }, 'copied'],
    ['a clipboard that refuses: by hand', { clipboard: { writeText: () => Promise.reject(denied()) } }, 'unavailable'],
    ['neither: by hand', {}, 'unavailable'],
  ])('%s', async (_, nav, outcome) => {
    expect(await shareOrCopy(data, nav)).toBe(outcome);
  });

  test('the clipboard gets the link alone', async () => {
    const writeText = vi.fn(async () => {});
    await shareOrCopy(data, { clipboard: { writeText } });
    expect(writeText).toHaveBeenCalledWith('https://show.example/breeds/MCO');
  });
});

test.each<[ShareNavigator, boolean]>([
  [{}, false],
  [{ share: async () => {} }, true],
  [{ share: async () => {}, canShare: () => true }, true],
  [{ share: async () => {}, canShare: () => false }, false],
  [
    {
      share: async () => {},
      canShare: () => {
        throw new Error('x');
      },
    },
    false,
  ],
])('canWebShare %#', (nav, can) => expect(canWebShare(nav, data)).toBe(can));

test.each([
  ['https://s.example', '/', '/breeds/MCO', 'https://s.example/breeds/MCO'],
  ['https://s.example', '', '/litters/7', 'https://s.example/litters/7'],
  ['https://s.example', '/show/', '/events/3#session-12', 'https://s.example/show/events/3#session-12'],
  ['https://s.example', '/show', 'pet-products/2', 'https://s.example/show/pet-products/2'],
])('appLink(%j, %j, %j) = %j', (origin, base, path, url) => expect(appLink(origin, base, path)).toBe(url));
