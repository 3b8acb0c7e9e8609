// The organiser role: the GoTrue admin endpoints through supabase-js's auth.admin, who may call
// them, and `npm run organiser` run as a child process against a started venue server.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../server/auth/jwt.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { ORGANISER_ROLE, SHOW_ROLE_CLAIM } from '../../shared/organiser.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const PASSWORD = 'Organise#2026';
const names = { first_name: 'Ona', last_name: 'Organiser' };

/** A raw call to the admin API, for what supabase-js never sends (malformed bodies, missing headers). */
async function raw(server: VenueServer, method: string, path: string, { body, bearer = DEMO_SERVICE_ROLE_KEY }: { body?: string; bearer?: string | null } = {}) {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers: { apikey: DEMO_ANON_KEY, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), 'Content-Type': 'application/json' },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    version: res.headers.get('x-supabase-api-version'),
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `npm run organiser -- …` as a child process (tsx through node directly: npx adds seconds). */
function organiser(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/organiser-cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

describe.each(forEngines(['pglite'], 'admin endpoints and the CLI are JavaScript over the same SQL'))('organiser role on %s', (engine) => {
  let server: VenueServer;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    service = client(server, 'service_role');
  });
  afterAll(() => server?.close());

  const countUsers = async () => Number((await server.db.query<{ n: string }>(`select count(*)::text as n from auth.users`)).rows[0]!.n);

  it('creates, reads, lists, updates and deletes an account through auth.admin', async () => {
    const admin = service.auth.admin;
    const email = uniqueEmail('organiser');
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: names, app_metadata: { team: 'ring 3' } });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.email).toBe(email);
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'], team: 'ring 3' });
    expect(user.user_metadata).toEqual({ ...names, email_verified: true });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities?.map((i) => [i.provider, i.identity_data?.email])).toEqual([['email', email]]);
    // The sign-up trigger made the profile from user_metadata, and the password works.
    expect((await server.db.query(`select first_name from public.users where id = $1`, [user.id])).rows).toEqual([{ first_name: 'Ona' }]);
    const signIn = await client(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();

    const got = await admin.getUserById(user.id);
    expect(got.error).toBeNull();
    expect(got.data.user).toEqual(expect.objectContaining({ id: user.id, email, app_metadata: user.app_metadata }));

    // app_metadata merges key by key, as GoTrue's does; null removes a key.
    const promoted = await admin.updateUserById(user.id, { app_metadata: { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } });
    expect(promoted.error).toBeNull();
    expect(promoted.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], team: 'ring 3', show_role: 'organiser' });
    const trimmed = await admin.updateUserById(user.id, { app_metadata: { team: null }, user_metadata: { city: 'Utrecht' } });
    expect(trimmed.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], show_role: 'organiser' });
    expect(trimmed.data.user!.user_metadata).toEqual({ ...names, email_verified: true, city: 'Utrecht' });

    // Pages: newest first, the total and the page numbers auth-js reads from GoTrue's headers. (On
    // PostgreSQL other test files add accounts meanwhile, so there only what holds whatever they do.)
    const before = await countUsers();
    const perPage = Math.ceil(before / 2);
    const first = await admin.listUsers({ page: 1, perPage });
    const after = await countUsers();
    if (first.error) throw first.error;
    const total = first.data.total;
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(after);
    expect(first.data).toEqual(expect.objectContaining({ aud: 'authenticated', nextPage: 2, lastPage: Math.ceil(total / perPage) }));
    expect(first.data.users).toHaveLength(perPage);
    const times = first.data.users.map((u) => u.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const second = await admin.listUsers({ page: 2, perPage });
    expect(second.error).toBeNull();
    /* eslint-disable vitest/no-conditional-expect -- exact only on the file's own PGlite database: on PostgreSQL other test files add rows meanwhile */
    if (engine === 'pglite') {
      expect(first.data.users[0]!.id).toBe(user.id);
      expect(second.data).toEqual(expect.objectContaining({ total, nextPage: null, lastPage: 2 }));
      const ids = [...first.data.users, ...second.data.users].map((u) => u.id);
      expect(new Set(ids).size).toBe(total);
    }
    /* eslint-enable vitest/no-conditional-expect */
    expect((await admin.listUsers()).data.users).toHaveLength(Math.min(before, 50));

    expect((await admin.createUser({ email, password: PASSWORD, user_metadata: names })).error).toMatchObject({ status: 422, code: 'email_exists' });

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    expect((await server.db.query(`select 1 from public.users where id = $1`, [user.id])).rows).toEqual([]);
    expect((await server.db.query(`select 1 from auth.users where id = $1`, [user.id])).rows).toEqual([]);
  });

  it('creates an unconfirmed account with a random password, confirmed later by the admin', async () => {
    const admin = service.auth.admin;
    const email = uniqueEmail('unconfirmed');
    const created = await admin.createUser({ email, user_metadata: names });
    expect(created.error).toBeNull();
    expect(created.data.user!.email_confirmed_at).toBeUndefined();
    const id = created.data.user!.id;
    const set = await admin.updateUserById(id, { password: PASSWORD });
    expect(set.error).toBeNull();
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'email_not_confirmed' });
    const confirmed = await admin.updateUserById(id, { email_confirm: true });
    expect(confirmed.data.user!.email_confirmed_at).toBeTruthy();
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // The profile trigger still decides: no name, no account (a 422, not a 500).
    const nameless = await admin.createUser({ email: uniqueEmail('nameless'), password: PASSWORD });
    expect(nameless.error).toMatchObject({ status: 422, code: 'validation_failed', message: 'First name and last name are required' });
  });

  it('refuses the anon key and a signed-in visitor, as GoTrue does', async () => {
    const visitor = await createVisitor(server, 'not-admin');
    const sneaky = uniqueEmail('sneaky');
    const asVisitor = client(server, 'anon', { headers: { Authorization: `Bearer ${visitor.accessToken}` } });
    for (const c of [client(server), asVisitor]) {
      expect((await c.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
      expect((await c.auth.admin.createUser({ email: sneaky, user_metadata: names })).error).toMatchObject({ status: 403, code: 'not_admin' });
      expect((await c.auth.admin.updateUserById(visitor.id, { app_metadata: { show_role: 'organiser' } })).error).toMatchObject({ status: 403, code: 'not_admin' });
      expect((await c.auth.admin.deleteUser(visitor.id)).error).toMatchObject({ status: 403, code: 'not_admin' });
    }
    expect((await server.db.query(`select 1 from auth.users where email = $1`, [sneaky])).rows).toEqual([]);
    expect((await service.auth.admin.getUserById(visitor.id)).data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const none = await raw(server, 'GET', '/admin/users', { bearer: null });
    expect(none).toMatchObject({ status: 401, version: '2024-01-01', json: { code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' } });
    const forged = await raw(server, 'GET', '/admin/users', { bearer: `${DEMO_SERVICE_ROLE_KEY.slice(0, -3)}AAA` });
    expect(forged).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
    // GoTrue also admits supabase_admin; no key of the venue server carries that role, so it is refused.
    const superuser = await signJwt({ role: 'supabase_admin', exp: Math.floor(Date.now() / 1000) + 600 }, DEMO_JWT_SECRET);
    expect(await raw(server, 'GET', '/admin/users', { bearer: superuser })).toMatchObject({ status: 403, json: { code: 'not_admin', msg: 'User not allowed' } });
    // A signed-out visitor's token names a session that is gone.
    await visitor.client.auth.signOut();
    const ended = await raw(server, 'GET', '/admin/users', { bearer: visitor.accessToken });
    expect(ended).toMatchObject({ status: 403, json: { code: 'session_not_found' } });
  });

  it('answers malformed requests with a 4xx and a JSON error', async () => {
    const user = (await service.auth.admin.createUser({ email: uniqueEmail('target'), user_metadata: names, email_confirm: true })).data.user!;
    const cases: [method: string, path: string, body: string | undefined, status: number, code: string][] = [
      ['POST', '/admin/users', 'not json', 400, 'bad_json'],
      ['POST', '/admin/users', '[]', 400, 'bad_json'],
      ['POST', '/admin/users', '{"email": 42}', 400, 'bad_json'],
      ['POST', '/admin/users', '{"email": "a@b.example", "app_metadata": "organiser"}', 400, 'bad_json'],
      ['POST', '/admin/users', '{"email": "a@b.example", "email_confirm": "yes"}', 400, 'bad_json'],
      ['POST', '/admin/users', '{}', 400, 'validation_failed'],
      ['POST', '/admin/users', '{"email": "not an address"}', 400, 'validation_failed'],
      ['POST', '/admin/users', '{"email": "a@b.example", "id": "nope"}', 400, 'validation_failed'],
      ['POST', '/admin/users', '{"email": "a@b.example", "role": "service_role"}', 400, 'validation_failed'],
      ['POST', '/admin/users', '{"email": "a@b.example", "phone": "+31612345678"}', 400, 'validation_failed'],
      ['POST', '/admin/users', `{"email": "a@b.example", "password": "${'x'.repeat(80)}"}`, 400, 'validation_failed'],
      ['POST', '/admin/users', '{"email": "a@b.example", "user_metadata": {"first_name": "a\\u0000b"}}', 400, 'bad_json'],
      ['GET', '/admin/users?page=abc', undefined, 400, 'validation_failed'],
      ['GET', '/admin/users?per_page=0', undefined, 400, 'validation_failed'],
      ['GET', '/admin/users?page=-1', undefined, 400, 'validation_failed'],
      ['GET', '/admin/users?page=99999999999999999999', undefined, 400, 'validation_failed'],
      ['GET', '/admin/users/not-a-uuid', undefined, 404, 'validation_failed'],
      ['GET', '/admin/users/7f1c2a4e-0000-4000-8000-000000000000', undefined, 404, 'user_not_found'],
      ['PUT', `/admin/users/${user.id}`, '{"app_metadata": [1]}', 400, 'bad_json'],
      ['PUT', `/admin/users/${user.id}`, '{"password": "weak"}', 422, 'weak_password'],
      ['PUT', `/admin/users/${user.id}`, '{"email": "other@b.example"}', 422, 'validation_failed'],
      ['PUT', `/admin/users/${user.id}`, '{"ban_duration": "24h"}', 400, 'validation_failed'],
      ['PUT', '/admin/users/not-a-uuid', '{}', 404, 'validation_failed'],
      ['DELETE', `/admin/users/${user.id}`, '{', 400, 'bad_json'],
      ['DELETE', `/admin/users/${user.id}`, '{"should_soft_delete": true}', 400, 'validation_failed'],
      ['PATCH', '/admin/users', '{}', 404, 'not_found'],
    ];
    const got = [];
    for (const [method, path, body, status, code] of cases) {
      const r = await raw(server, method, path, { body });
      got.push(`${method} ${path} ${body ?? ''} → ${r.status} ${String(r.json.code)} ${r.type?.startsWith('application/json') ? 'json' : String(r.type)}`);
      void status;
      void code;
    }
    // Far past the last page: an empty page, not an overflow.
    const beyond = await fetch(`${server.url}/auth/v1/admin/users?page=999999999&per_page=999999999`, {
      headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
    });
    expect(beyond.status).toBe(200);
    expect(await beyond.json()).toEqual({ users: [], aud: 'authenticated' });
    expect(beyond.headers.get('link')).toBe('</admin/users?page=1&per_page=999999999>; rel="last"');
    expect(got).toEqual(cases.map(([method, path, body, status, code]) => `${method} ${path} ${body ?? ''} → ${status} ${code} json`));
    // Nothing above changed the account.
    expect((await service.auth.admin.getUserById(user.id)).data.user).toEqual(
      expect.objectContaining({ id: user.id, app_metadata: { provider: 'email', providers: ['email'] } }),
    );
  });

  it('puts app_metadata into access tokens, and a refresh picks up a change', async () => {
    const visitor = await createVisitor(server, 'refresh');
    expect(decodeJwt(visitor.accessToken).app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    await service.auth.admin.updateUserById(visitor.id, { app_metadata: { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } });
    const refreshed = await visitor.client.auth.refreshSession({ refresh_token: visitor.refreshToken });
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).app_metadata).toEqual({ provider: 'email', providers: ['email'], show_role: 'organiser' });
    expect(refreshed.data.user!.app_metadata.show_role).toBe('organiser');
    // Leave no organiser behind: the command's test below lists them.
    await service.auth.admin.updateUserById(visitor.id, { app_metadata: { [SHOW_ROLE_CLAIM]: null } });
  });

  it('lets an organiser add and edit events under the time-zone rule, and read the votes', async () => {
    const organiser = await createVisitor(server, 'events');
    await service.auth.admin.updateUserById(organiser.id, { app_metadata: { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } });
    const show = { name: `Organiser show ${organiser.id.slice(0, 8)}`, start_date: '2031-05-01', end_date: '2031-05-02' };
    const added = await organiser.client
      .from('events')
      .insert({ ...show, time_zone: 'Europe/Brussels' })
      .select('id, time_zone')
      .single();
    expect(added.error).toBeNull();
    const id = (added.data as { id: number }).id;
    for (const zone of ['PST', 'Mars/Olympus_Mons', 'UTC+5']) {
      const bad = await organiser.client.from('events').update({ time_zone: zone }).eq('id', id);
      expect(bad.error).toMatchObject({ code: '23514', message: 'new row for relation "events" violates check constraint "events_time_zone_valid"' });
      expect((await organiser.client.from('events').insert({ ...show, name: `${show.name} ${zone}`, time_zone: zone })).error).toMatchObject({ code: '23514' });
    }
    expect((await organiser.client.from('events').update({ description: 'Moved hall' }).eq('id', id)).error).toBeNull();
    expect((await server.db.query(`select description, time_zone from public.events where id = $1`, [id])).rows).toEqual([
      { description: 'Moved hall', time_zone: 'Europe/Brussels' },
    ]);
    // The service role is held to the same rule.
    expect((await service.from('events').update({ time_zone: 'PST' }).eq('id', id)).error).toMatchObject({ code: '23514' });

    await server.db.query(
      `insert into public.visitor_choice (event_id, first_name, last_name, email, catalog_number) values ($1, 'Vera', 'Voter', 'vera@example.com', '12')`,
      [id],
    );
    expect((await organiser.client.from('visitor_choice').select('catalog_number, email').eq('event_id', id)).data).toEqual([
      { catalog_number: '12', email: 'vera@example.com' },
    ]);
    const visitor = await createVisitor(server, 'curious');
    expect((await visitor.client.from('visitor_choice').select('catalog_number').eq('event_id', id)).data).toEqual([]);
    expect((await client(server).from('visitor_choice').select('catalog_number').eq('event_id', id)).error).toMatchObject({ code: '42501' });
    await service.auth.admin.updateUserById(organiser.id, { app_metadata: { [SHOW_ROLE_CLAIM]: null } });
    // On PostgreSQL other test files read the same events: leave none behind.
    await server.db.query(`delete from public.visitor_choice where event_id = $1`, [id]);
    await server.db.query(`delete from public.events where id = $1`, [id]);
  });

  describe('npm run organiser', () => {
    let env: Record<string, string>;
    let visitor: Visitor;
    const listed = (run: Run) =>
      run.out
        .split('\n')
        .filter((l) => l.startsWith('  '))
        .map((l) => l.trim());
    const noClerks = (url: string) => `No ring clerks yet at ${url}. Add one: npm run organiser -- add-clerk <email>\n`;
    const breed = () => `Organiser breed ${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      env = { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY };
      visitor = await createVisitor(server, 'cli');
    });

    /** What the visitor's client (its token never refreshed) may do to the breeds. */
    async function tryBreeds(): Promise<string> {
      const name = breed();
      const insert = await visitor.client
        .from('breeds')
        .insert({ breed_name: name, universal_breed_abbreviation: name.slice(-6).toUpperCase() })
        .select('id')
        .maybeSingle();
      const { rows } = await server.db.query<{ id: string }>(
        `insert into public.breeds (breed_name, universal_breed_abbreviation) values ($1, $2) returning id::text as id`,
        [`${name} (theirs)`, `T${name.slice(-5)}`],
      );
      const id = rows[0]!.id;
      const update = await visitor.client.from('breeds').update({ about: 'Changed by the organiser' }, { count: 'exact' }).eq('id', id);
      const del = await visitor.client.from('breeds').delete({ count: 'exact' }).eq('id', id);
      const left = await server.db.query(`select 1 from public.breeds where id = $1`, [id]);
      const tombstone = await server.db.query(`select 1 from public.sync_tombstones where table_name = 'breeds' and row_id = $1`, [id]);
      return [
        `insert ${insert.error ? `${insert.status} ${insert.error.code}` : 'ok'}`,
        `update ${update.error ? update.error.code : update.count}`,
        `delete ${del.error ? del.error.code : del.count}`,
        `row ${left.rows.length ? 'kept' : 'gone'}${tombstone.rows.length ? ', tombstone' : ''}`,
      ].join(', ');
    }

    it('adds, lists and removes an organiser, whose rights follow at once', async () => {
      // On PostgreSQL the test files share one database, and others may have organisers of their own.
      const before = await organiser(['list'], env);
      const none = `No organisers yet at ${server.url}. Add one: npm run organiser -- add <email>\n${noClerks(server.url)}`;
      // eslint-disable-next-line vitest/no-conditional-expect -- exact only on the file's own PGlite database: on PostgreSQL other test files add rows meanwhile
      if (engine === 'pglite') expect(before).toEqual({ code: 0, out: none, err: '' });
      expect(before.code).toBe(0);
      expect(listed(before)).not.toContain(visitor.email);
      expect(await tryBreeds()).toBe('insert 403 42501, update 0, delete 0, row kept');

      const stranger = uniqueEmail('stranger');
      expect(await organiser(['add', stranger], env)).toEqual({
        code: 1,
        out: '',
        err: `No account for ${stranger} at ${server.url}. Ask them to register in the app first (/register), then run this again.\n`,
      });

      expect(await organiser(['add', visitor.email.toUpperCase()], env)).toEqual({
        code: 0,
        out: `${visitor.email} is now an organiser. They may write the catalogue and read the votes at once; the app shows them the console after they sign in again.\n`,
        err: '',
      });
      expect(await tryBreeds()).toBe('insert ok, update 1, delete 1, row gone, tombstone');
      const after = await organiser(['list'], env);
      // eslint-disable-next-line vitest/no-conditional-expect -- exact only on the file's own PGlite database: on PostgreSQL other test files add rows meanwhile
      if (engine === 'pglite') expect(after).toEqual({ code: 0, out: `Organisers at ${server.url} (1):\n  ${visitor.email}\n${noClerks(server.url)}`, err: '' });
      expect(after.out).toMatch(new RegExp(`^Organisers at ${server.url.replace(/\./g, '\\.')} \\(\\d+\\):\n(  \\S+\n)+(No ring clerks|Ring clerks)`));
      expect(listed(after)).toContain(visitor.email);
      expect(await organiser(['add', visitor.email], env)).toMatchObject({ code: 0, out: `${visitor.email} is already an organiser; nothing changed.\n` });

      expect(await organiser(['remove', visitor.email], env)).toEqual({ code: 0, out: `${visitor.email} is no longer an organiser (effective at once).\n`, err: '' });
      expect(await tryBreeds()).toBe('insert 403 42501, update 0, delete 0, row kept');
      expect(await organiser(['remove', visitor.email], env)).toMatchObject({ code: 0, out: `${visitor.email} is not an organiser; nothing changed.\n` });
      expect(await organiser(['remove', stranger], env)).toMatchObject({ code: 1, err: `No account for ${stranger} at ${server.url}; nothing changed.\n` });
      // The other app_metadata keys were left alone.
      expect((await service.auth.admin.getUserById(visitor.id)).data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    }, 180_000);

    it('adds, lists and removes a ring clerk, who may call cats at once and nothing an organiser may', async () => {
      const clerk = await createVisitor(server, 'clerk-cli');
      // The demo show's first cat and a ring of its schedule.
      const { rows } = await server.db.query<{ event_id: number; number: string; ring: string }>(
        `select e.event_id::int as event_id, e.catalogue_number as number, s.location as ring
           from public.catalogue_entries e join public.event_schedule s on s.event_id = e.event_id and s.location is not null
          order by e.id limit 1`,
      );
      const { event_id: eventId, number, ring } = rows[0]!;
      const call = () =>
        clerk.client.rpc('ring_side', { p_op: crypto.randomUUID(), p_event_id: eventId, p_action: { type: 'call', ring, label: null, numbers: [number] } });
      expect((await call()).error?.code).toBe('42501');

      const stranger = uniqueEmail('stranger-clerk');
      expect(await organiser(['add-clerk', stranger], env)).toEqual({
        code: 1,
        out: '',
        err: `No account for ${stranger} at ${server.url}. Ask them to register in the app first (/register), then run this again.\n`,
      });
      expect(await organiser(['add-clerk', clerk.email.toUpperCase()], env)).toEqual({
        code: 0,
        out: `${clerk.email} is now a ring clerk. They may call cats and record results at once; the app shows them the ring-side screen after they sign in again.\n`,
        err: '',
      });
      expect((await call()).error).toBeNull();
      const listed = await organiser(['list'], env);
      expect(listed.code).toBe(0);
      expect(listed.out).toContain(`Ring clerks at ${server.url} (`);
      expect(listed.out.slice(listed.out.indexOf('Ring clerks'))).toContain(`  ${clerk.email}\n`);
      expect(await organiser(['add-clerk', clerk.email], env)).toMatchObject({ code: 0, out: `${clerk.email} is already a ring clerk; nothing changed.\n` });
      // A clerk is not an organiser: remove leaves the role alone.
      expect(await organiser(['remove', clerk.email], env)).toMatchObject({ code: 0, out: `${clerk.email} is not an organiser; nothing changed.\n` });

      expect(await organiser(['remove-clerk', clerk.email], env)).toEqual({ code: 0, out: `${clerk.email} is no longer a ring clerk (effective at once).\n`, err: '' });
      expect((await call()).error?.code).toBe('42501');
      expect(await organiser(['remove-clerk', clerk.email], env)).toMatchObject({ code: 0, out: `${clerk.email} is not a ring clerk; nothing changed.\n` });
      expect(await organiser(['remove-clerk', stranger], env)).toMatchObject({ code: 1, err: `No account for ${stranger} at ${server.url}; nothing changed.\n` });
      expect((await service.auth.admin.getUserById(clerk.id)).data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

      // An organiser already may do all a clerk may: their role stays.
      const boss = await createVisitor(server, 'boss-cli');
      await organiser(['add', boss.email], env);
      expect(await organiser(['add-clerk', boss.email], env)).toMatchObject({
        code: 0,
        out: `${boss.email} is an organiser, who may already do all a ring clerk may; nothing changed.\n`,
      });
      expect(await organiser(['remove-clerk', boss.email], env)).toMatchObject({ code: 0, out: `${boss.email} is not a ring clerk; nothing changed.\n` });
      expect((await service.auth.admin.getUserById(boss.id)).data.user!.app_metadata).toMatchObject({ [SHOW_ROLE_CLAIM]: ORGANISER_ROLE });
      await organiser(['remove', boss.email], env);
    }, 180_000);

    it('says clearly when the server is not there, the key is wrong, or the command is', async () => {
      const port = await freePort();
      expect(await organiser(['list'], { SUPABASE_URL: `http://127.0.0.1:${port}`, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY })).toEqual({
        code: 1,
        out: '',
        err: `Cannot reach http://127.0.0.1:${port} (ECONNREFUSED). Is the venue server running (npm start)? For another server, set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.\n`,
      });
      expect(await organiser(['add', visitor.email], { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_ANON_KEY })).toEqual({
        code: 1,
        out: '',
        err: `${server.url} refused the service-role key (403: User not allowed). Set SUPABASE_SERVICE_ROLE_KEY to this project's service_role key (npm run keys wrote the venue server's to .env.local).\n`,
      });
      const usage = await organiser(['promote', visitor.email], env);
      expect(usage.code).toBe(2);
      expect(usage.err).toContain('Usage: npm run organiser -- add <email>');
      expect((await organiser([], env)).code).toBe(2);
    }, 120_000);
  });
});
