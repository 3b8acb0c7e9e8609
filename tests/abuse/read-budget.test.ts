// The REST read budget (REST_MAX_EMBED_DEPTH, REST_MAX_EMBED_ROWS, REST_MAX_RESPONSE_BYTES): past it, a
// PostgREST-shaped 400, never a 500 and never a 100 MB answer. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { forEngines, startTestServer } from '../helpers/server.ts';

const FIXTURES = `
drop table if exists ab_child, ab_parent cascade;
create table ab_parent (id int primary key, name text not null);
create table ab_child (id serial primary key, parent_id int not null references ab_parent (id), note text not null);
insert into ab_parent values (1, 'one'), (2, 'two');
insert into ab_child (parent_id, note) select 1 + g % 2, repeat('n', 2000) from generate_series(1, 60) g;
grant select, insert on ab_parent, ab_child to anon;
grant usage on sequence ab_child_id_seq to anon;
`;

describe.each(forEngines(['pglite', 'postgres'], "a write over the byte budget is rolled back through each engine's transaction"))('the read budget on %s', (engine) => {
  let server: VenueServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { REST_MAX_EMBED_DEPTH: '2', REST_MAX_EMBED_ROWS: '10', REST_MAX_RESPONSE_BYTES: '65536' });
    await server.db.exec(FIXTURES);
  }, 120_000);

  afterAll(async () => {
    await server?.db.exec('drop table if exists ab_child, ab_parent cascade');
    await server?.close();
  });

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}/rest/v1/${path}`, { ...init, headers: { apikey: DEMO_ANON_KEY, ...init.headers } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] };
  };

  it('allows embeds up to the configured depth and refuses deeper ones', async () => {
    const ok = await get('ab_parent?select=id,ab_child(id,ab_parent(id))&ab_child.limit=1&order=id');
    expect(ok.status).toBe(200);
    const deep = await get('ab_parent?select=id,ab_child(id,ab_parent(id,ab_child(id)))');
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'PGRST100', details: null });
    expect(deep.body.message).toMatch(/at most 2/);
  });

  it('caps the rows of each embedded level, as max_rows does the root', async () => {
    const { status, body } = await get('ab_parent?select=id,ab_child(id)&order=id');
    expect(status).toBe(200);
    expect(body.map((p) => (p as { ab_child: unknown[] }).ab_child.length)).toEqual([10, 10]);
    // A limit asking for more gets no more.
    const more = await get('ab_parent?select=id,ab_child(id)&ab_child.limit=50&id=eq.1');
    expect((more.body[0] as { ab_child: unknown[] }).ab_child).toHaveLength(10);
  });

  it('answers 400 instead of a body over the byte budget', async () => {
    const big = await get('ab_child?select=note');
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ code: 'PGRST100', details: null });
    expect(big.body.message).toMatch(/at most 65536 bytes/);
    const page = await get('ab_child?select=note&limit=10');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(10);
  });

  it('rolls back a write whose representation is over the byte budget', async () => {
    const rows = Array.from({ length: 40 }, () => ({ parent_id: 1, note: 'w'.repeat(2000) }));
    const res = await get('ab_child', {
      method: 'POST',
      body: JSON.stringify(rows),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PGRST100' });
    const { rows: n } = await server.db.query<{ n: string }>("select count(*)::text as n from ab_child where note like 'w%'");
    expect(n[0]!.n).toBe('0');
  });
});
