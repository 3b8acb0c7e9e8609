// Every call supabase-js makes for the app has a deadline (fetchWithDeadline, the fetch of createShowClient):
// against a server that accepts and never answers, auth, functions and REST calls end as ordinary errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { fetchWithDeadline, withDeadline } from '../../src/data/sync/contract.ts';
import { testClient } from '../helpers/client.ts';
import { startTestServer } from '../helpers/server.ts';
import { stallingProxy, type StallingProxy } from '../helpers/stalling-proxy.ts';

let server: VenueServer;
let proxy: StallingProxy;
beforeAll(async () => {
  server = await startTestServer('pglite');
  proxy = await stallingProxy(server);
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe('a deadline on every backend call', () => {
  const stalled = () => testClient(proxy.url, DEMO_ANON_KEY, { fetch: fetchWithDeadline(300) });

  it('sign-in fails instead of waiting for ever', async () => {
    const { data, error } = await stalled().auth.signInWithPassword({ email: 'demo@purrfect-show.example', password: 'x' });
    expect(data.session).toBeNull();
    expect(error).not.toBeNull();
  });

  it('a function invocation fails instead of waiting for ever', async () => {
    const { data, error } = await stalled().functions.invoke('send-coupon', { body: {} });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('a REST read fails with status 0, as an offline request does', async () => {
    const { error, status } = await stalled().from('breeds').select('id').limit(1);
    expect(status).toBe(0);
    expect(error?.message).toMatch(/TimeoutError/);
  });

  it('changes nothing for a server that answers in time', async () => {
    proxy.stall = false;
    try {
      const { data, error } = await stalled().from('breeds').select('id').limit(1);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } finally {
      proxy.stall = true;
    }
  });

  it('withDeadline rejects with a TimeoutError, and settles as the promise does when in time', async () => {
    await expect(withDeadline(new Promise(() => undefined), 50, 'The sync worker')).rejects.toMatchObject({
      name: 'TimeoutError',
      message: 'The sync worker did not answer within 0 s.',
    });
    await expect(withDeadline(Promise.resolve(7), 1_000)).resolves.toBe(7);
  });
});
