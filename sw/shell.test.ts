import { describe, expect, it } from 'vitest';
import { shellFromNavigation, type ShellDeps } from './shell.ts';

const SHELL = '<!doctype html><title>PurrFect Show</title><script type="module" src="/assets/index-abc.js"></script>';
const OTHER_BUILD = SHELL.replace('index-abc', 'index-def');
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const entry = { url: 'https://hall.example/index.html', revision: hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(SHELL))) };

/** An HTTP cache holding `cached` (address → body), and what was asked of it. */
function deps(windows: string[], cached: Record<string, string>): ShellDeps & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    windowUrls: async () => windows,
    isShellPath: (url) => !url.pathname.startsWith('/rest/'),
    fetch: async (input, init) => {
      asked.push(`${String(input)} ${init?.cache}`);
      const body = cached[String(input)];
      return body === undefined ? new Response('not cached', { status: 504 }) : new Response(body);
    },
    digest: (bytes) => crypto.subtle.digest('SHA-256', bytes),
  };
}

const willFetch = async (plugin: ReturnType<typeof shellFromNavigation>, url: string) => {
  const request = new Request(url, { cache: 'reload' });
  return plugin.requestWillFetch!({ request, event: new Event('install') as ExtendableEvent, state: {} });
};

describe('the shell from the page’s navigation', () => {
  it('takes the window’s page from the HTTP cache when it is this build’s shell (a deep link too)', async () => {
    const d = deps(['https://hall.example/breeds/ABY#top'], { 'https://hall.example/breeds/ABY': SHELL });
    const request = await willFetch(shellFromNavigation(entry, d), entry.url);
    expect(request.url).toBe('https://hall.example/breeds/ABY');
    expect(request.cache).toBe('force-cache');
    expect(d.asked).toEqual(['https://hall.example/breeds/ABY force-cache']);
  });

  it('asks the network as Workbox does when the cached page is another build’s, or none is cached', async () => {
    for (const cached of [{ 'https://hall.example/': OTHER_BUILD }, {}] as Record<string, string>[]) {
      const request = await willFetch(shellFromNavigation(entry, deps(['https://hall.example/'], cached)), entry.url);
      expect(request.url).toBe(entry.url);
      expect(request.cache).toBe('reload');
    }
  });

  it('leaves every other entry, other origins and backend addresses alone', async () => {
    const d = deps(['https://elsewhere.example/', 'https://hall.example/rest/v1/breeds'], {});
    const plugin = shellFromNavigation(entry, d);
    expect((await willFetch(plugin, 'https://hall.example/assets/index-abc.js')).url).toBe('https://hall.example/assets/index-abc.js');
    expect((await willFetch(plugin, entry.url)).url).toBe(entry.url);
    expect(d.asked).toEqual([]);
  });
});
