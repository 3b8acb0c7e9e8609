// The fixture's database per test: what one test writes, the next one does not see.
import { describe, expect, it } from 'vitest';
import type { VenueServer } from '../server/start.ts';
import { useShow } from './fixture.ts';

const CHANGED = 'Renamed by the first test';
const renamed = async (server: VenueServer) =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from public.breeds where breed_name = $1', [CHANGED])).rows[0]!.n;

describe('useShow with a database per test', () => {
  let server: VenueServer;
  const urls: string[] = [];
  useShow({ browser: 'none', database: 'per-test' }, (show) => ({ server } = show));

  it('writes to the demo show', async () => {
    urls.push(server.url);
    await server.db.query('update public.breeds set breed_name = $1 where id = (select min(id) from public.breeds)', [CHANGED]);
    expect(await renamed(server)).toBe(1);
  });

  it('gets the demo show as seeded, on a new server', async () => {
    urls.push(server.url);
    expect(await renamed(server)).toBe(0);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from public.breeds')).rows[0]!.n).toBe(44);
    expect(new Set(urls).size).toBe(2);
  });
});
