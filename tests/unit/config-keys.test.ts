// The app's key may be a hosted project's publishable key or a legacy anon JWT; a key that
// must never ship to phones (secret, service_role) or a malformed one is refused by name.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config-schema.ts';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';

const PUBLISHABLE = 'sb_publishable_7hR2kLm9QxWz4Vb8Nc1Td_3Yf6Gp0Js';
const ORIGIN = 'https://show.example';

function problems(env: Record<string, string>): string[] {
  const r = parseConfig(env, ORIGIN);
  return r.ok ? [] : r.problems;
}

describe('the app key', () => {
  it('accepts a publishable key under either name, and a legacy anon JWT', () => {
    for (const env of [{ VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, { VITE_SUPABASE_ANON_KEY: PUBLISHABLE }, { VITE_SUPABASE_ANON_KEY: DEMO_ANON_KEY }]) {
      const r = parseConfig(env, ORIGIN);
      expect(r.ok && r.config.supabaseAnonKey, JSON.stringify(env)).toBe(Object.values(env)[0]);
    }
    const both = parseConfig({ VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE, VITE_SUPABASE_ANON_KEY: PUBLISHABLE }, ORIGIN);
    expect(both.ok).toBe(true);
  });

  it('refuses keys that must never ship in the app, naming them', () => {
    expect(problems({ VITE_SUPABASE_ANON_KEY: DEMO_SERVICE_ROLE_KEY })).toEqual([
      'VITE_SUPABASE_ANON_KEY: is the service_role key, which must never ship in the app: use the anon key or the publishable key (sb_publishable_…)',
    ]);
    expect(problems({ VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_N7vQ2xLm9Kp4Rt8Wz1Yb' })).toEqual([
      "VITE_SUPABASE_PUBLISHABLE_KEY: is a secret key (sb_secret_…), which must never ship in the app: use the project's publishable key (sb_publishable_…)",
    ]);
  });

  it('refuses a malformed, missing or contradictory key with one line each', () => {
    const malformed = "VITE_SUPABASE_ANON_KEY: must be the project's publishable key (sb_publishable_…) or its legacy anon key (a JWT)";
    for (const key of ['not-a-key', 'sb_publishable_', 'sb_publishable_ab cd efgh', 'a.b']) expect(problems({ VITE_SUPABASE_ANON_KEY: key }), key).toEqual([malformed]);
    expect(problems({ VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2ln' })).toEqual([
      'VITE_SUPABASE_ANON_KEY: is a JWT without role "anon": use the project\'s anon key or its publishable key (sb_publishable_…)',
    ]);
    expect(problems({})).toEqual(["VITE_SUPABASE_ANON_KEY: is required: the project's publishable key (sb_publishable_…) or its anon key"]);
    expect(problems({ VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE, VITE_SUPABASE_ANON_KEY: DEMO_ANON_KEY })).toEqual([
      'VITE_SUPABASE_PUBLISHABLE_KEY: differs from VITE_SUPABASE_ANON_KEY; set only one of them',
    ]);
  });

  it('reports a bad key together with the other settings’ problems', () => {
    expect(problems({ VITE_SUPABASE_ANON_KEY: 'nope', VITE_SUPABASE_URL: 'not a url' })).toEqual([
      "VITE_SUPABASE_ANON_KEY: must be the project's publishable key (sb_publishable_…) or its legacy anon key (a JWT)",
      'VITE_SUPABASE_URL: must be a URL, e.g. https://example.com',
    ]);
  });
});
