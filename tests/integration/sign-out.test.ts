// Signing out on a shared phone (SPEC §4): data/auth.ts forgets the saved session at once, with or
// without a network, and the server revokes it when it can; the real supabase-js client against the venue server.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { endServerSession, forgetSavedSession, hasSavedSession } from '../../src/data/auth.ts';
import { NoWebSocket } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const PASSWORD = 'Whiskers#2026';
/** auth-js's key for a client of http://127.0.0.1:… (sb-<first label of the host>-auth-token). */
const STORAGE_KEY = 'sb-127-auth-token';

/** The phone's localStorage, in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

describe.each(forEngines(['pglite'], "the client forgets its session; the server's revoke is one statement"))('sign-out on the device (%s)', (engine) => {
  let server: VenueServer;
  const storage = new MemoryStorage();

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The page's client: the session kept in (this) localStorage, as src/data/client.ts makes it. */
  function phoneClient(network?: typeof fetch): SupabaseClient {
    return createClient(server.url, DEMO_ANON_KEY, {
      auth: { storage, storageKey: STORAGE_KEY, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoWebSocket as never },
      global: network ? { fetch: network } : {},
    });
  }

  /** A visitor signed in on the phone; returns their refresh token. */
  async function signedIn(): Promise<string> {
    const email = uniqueEmail('signout');
    expect((await client(server).auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Ada', last_name: 'Lovelace' } } })).error).toBeNull();
    const { data, error } = await phoneClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(hasSavedSession()).toBe(true);
    return data.session!.refresh_token;
  }

  const refreshError = async (refreshToken: string) => (await client(server).auth.refreshSession({ refresh_token: refreshToken })).error?.message ?? 'still valid';

  it('forgets the session at once and the server revokes it', async () => {
    const refreshToken = await signedIn();
    storage.setItem(`${STORAGE_KEY}-code-verifier`, 'left from a PKCE flow');
    storage.setItem('cookie-consent', 'true');

    const token = forgetSavedSession();
    expect(token).toMatch(/^ey/);
    expect(hasSavedSession()).toBe(false);
    // Only the session's keys go; the visitor's other settings stay.
    expect(storage.length).toBe(1);
    expect(storage.getItem('cookie-consent')).toBe('true');

    const phone = phoneClient();
    await endServerSession(phone, token);
    expect((await phone.auth.getSession()).data.session).toBeNull();
    expect(await refreshError(refreshToken)).toMatch(/Invalid Refresh Token/);
  });

  it('forgets the session offline too; the server part fails quietly and the session stays valid there', async () => {
    const refreshToken = await signedIn();
    // supabase-js alone keeps the session when the server cannot be reached: what data/auth.ts must not do.
    expect((await phoneClient(offline).auth.signOut()).error?.message).toBe('Failed to fetch');
    expect(hasSavedSession()).toBe(true);

    const phone = phoneClient(offline);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await endServerSession(phone, forgetSavedSession());
    expect(warn).toHaveBeenCalledWith('Sign out: the server was not told', expect.objectContaining({ message: 'Failed to fetch' }));
    warn.mockRestore();
    expect(hasSavedSession()).toBe(false);
    expect((await phone.auth.getSession()).data.session).toBeNull();
    expect(await refreshError(refreshToken)).toBe('still valid');
  });

  it('does not ask the server to revoke an access token that has expired', async () => {
    await signedIn();
    const saved = JSON.parse(storage.getItem(STORAGE_KEY)!) as { expires_at: number };
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...saved, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    expect(forgetSavedSession()).toBeNull();
    expect(hasSavedSession()).toBe(false);
  });
});
