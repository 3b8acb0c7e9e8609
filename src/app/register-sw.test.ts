import { describe, expect, it } from 'vitest';
import { serviceWorkerScripts } from './register-sw.ts';

const origin = 'https://show.example';

describe('serviceWorkerScripts', () => {
  it('registers the module worker, and the classic one only if the browser refuses a module', () => {
    expect(serviceWorkerScripts('/', undefined, origin)).toEqual([
      { url: '/service-worker.js', type: 'module' },
      { url: '/sw.js', type: 'classic' },
    ]);
  });

  it('keeps an install of an earlier build on its classic sw.js, which its registration expects', () => {
    expect(serviceWorkerScripts('/', `${origin}/sw.js`, origin)).toEqual([{ url: '/sw.js', type: 'classic' }]);
  });

  it('keeps a phone on the module worker once it has one, under a base path too', () => {
    expect(serviceWorkerScripts('/show/', `${origin}/show/service-worker.js`, origin)).toEqual([
      { url: '/show/service-worker.js', type: 'module' },
      { url: '/show/sw.js', type: 'classic' },
    ]);
    expect(serviceWorkerScripts('/show/', `${origin}/show/sw.js`, origin)).toEqual([{ url: '/show/sw.js', type: 'classic' }]);
  });
});
