// Hosted projects hand out opaque keys (sb_publishable_…, sb_secret_…). The venue server accepts
// them beside the JWT keys (PUBLISHABLE_KEY, SECRET_KEY), with the rights of anon and service_role, so an
// app built with a publishable key works against it as against the hosted project.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_EVENT, LIVE_TOPIC } from '../../shared/live.ts';
import type { VenueServer } from '../../server/start.ts';
import { testClient } from '../helpers/client.ts';
import { startTestServer } from '../helpers/server.ts';

const PUBLISHABLE_KEY = 'sb_publishable_Qm3Vx8Lp2Rt6Wz9Nb4Kc_1Hd7Gf';
const SECRET_KEY = 'sb_secret_T5yU8iO2pA4sD6fG9hJ1kL3zX7cV';

describe('opaque project keys on the venue server', () => {
  let server: VenueServer;
  let visitor: SupabaseClient;
  let admin: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLISHABLE_KEY, SECRET_KEY });
    visitor = testClient(server.url, PUBLISHABLE_KEY);
    admin = testClient(server.url, SECRET_KEY);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads and syncs the catalogue with the publishable key, with anon rights only', async () => {
    const { data, error } = await visitor.from('breeds').select('universal_breed_abbreviation').eq('universal_breed_abbreviation', 'ABY');
    expect(error).toBeNull();
    expect(data).toEqual([{ universal_breed_abbreviation: 'ABY' }]);
    const pull = await visitor.rpc('sync_pull', { p_cursors: {}, p_limit: 10 });
    expect(pull.error).toBeNull();
    const write = await visitor.from('breeds').update({ breed_name: 'Changed' }).eq('universal_breed_abbreviation', 'ABY');
    expect(write.error?.code).toBe('42501');
  });

  it('signs a visitor up and in with the publishable key as the apikey', async () => {
    const email = `opaque-${Date.now()}@example.com`;
    const up = await visitor.auth.signUp({ email, password: 'Purr-fect-2026!', options: { data: { first_name: 'Opal', last_name: 'Keys', city: 'Utrecht' } } });
    expect(up.error).toBeNull();
    const signedIn = testClient(server.url, PUBLISHABLE_KEY);
    const inn = await signedIn.auth.signInWithPassword({ email, password: 'Purr-fect-2026!' });
    expect(inn.error).toBeNull();
    expect(inn.data.session?.access_token.split('.')).toHaveLength(3);
  });

  it('acts as service_role with the secret key: writes the catalogue and lists users', async () => {
    const write = await admin.from('breeds').update({ breed_name: 'Abyssinian' }).eq('universal_breed_abbreviation', 'ABY').select('breed_name');
    expect(write.error).toBeNull();
    expect(write.data).toEqual([{ breed_name: 'Abyssinian' }]);
    const users = await admin.auth.admin.listUsers();
    expect(users.error).toBeNull();
    expect(users.data.users.length).toBeGreaterThan(0);
  });

  it("refuses an unknown opaque key as Supabase's gateway does", async () => {
    const res = await fetch(`${server.url}/rest/v1/breeds?select=id&limit=1`, { headers: { apikey: 'sb_publishable_NotThisShowsKeyAtAll0' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });

  it("joins the live show's channel with the publishable key", async () => {
    const live = createClient(server.url, PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    try {
      const channel = live.channel(LIVE_TOPIC);
      const pokes: unknown[] = [];
      channel.on('broadcast', { event: LIVE_EVENT }, (m) => pokes.push(m.payload));
      const status = await new Promise<string>((resolve) =>
        channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : err ? resolve(err.message) : s !== 'CLOSED' && resolve(s))),
      );
      expect(status).toBe('SUBSCRIBED');
      await admin.from('breeds').update({ breed_name: 'Abyssinian (opaque)' }).eq('universal_breed_abbreviation', 'ABY');
      await expect.poll(() => pokes.length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      await live.removeAllChannels();
    }
  });
});
