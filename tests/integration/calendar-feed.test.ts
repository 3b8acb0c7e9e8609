// The calendar feed (supabase/functions/calendar) on the real venue server, read by a real iCalendar parser
// (ical.js) the way a phone's calendar polls it: no key, the sessions named by the address. Before and after
// an organiser's delay and cancellation: the times move, SEQUENCE grows, the cancelled session is marked,
// the UIDs stay; the ETag turns a repeated poll into a 304; malformed and oversized addresses are refused.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VenueServer } from '../../server/start.ts';
import { CALENDAR_FEED, CALENDAR_FEED_ERRORS } from '../../shared/calendar-feed.ts';
import { ICS_MIME_TYPE, ICS_TEXTS, sessionUid } from '../../shared/ics.ts';
import { delaySessions } from '../../shared/live-schedule.ts';
import { paths } from '../../shared/paths.ts';
import { sessionBounds } from '../../shared/schedule.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { forEngines, startTestServer } from '../helpers/server.ts';

interface Row {
  id: number;
  event_id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  title: string;
  location: string | null;
  status: 'scheduled' | 'cancelled';
  revision: number;
  time_zone: string;
}

/** A calendar app's poll: a plain GET (or HEAD) with no apikey and no Authorization. */
const poll = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });

function parse(text: string) {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const events = vcalendar.getAllSubcomponents('vevent');
  const byUid = new Map(events.map((v) => [String(v.getFirstPropertyValue('uid')), v]));
  return { vcalendar, events, byUid };
}

const prop = (v: ICAL.Component, name: string) => v.getFirstPropertyValue(name);
const instant = (v: ICAL.Component, name: string) => (prop(v, name) as ICAL.Time).toJSDate().toISOString();

describe.each(forEngines(['pglite'], 'HTTP shapes and headers of one function: the SQL is the live schedule’s'))('the calendar feed on %s', (engine) => {
  let server: VenueServer;
  let organiser: Visitor;
  /** Two sessions of one ring on one day (delayed below) and one of another ring (cancelled below). */
  let ring: Row[];
  let other: Row;
  let feedUrl: string;

  const rows = async (ids: number[]): Promise<Row[]> =>
    (
      await server.db.query<Row>(
        `select s.id::int as id, s.event_id::int as event_id, s.schedule_date::text, s.start_time::text, s.end_time::text, s.title,
                s.location, s.status, s.revision, e.time_zone
           from public.event_schedule s join public.events e on e.id = s.event_id
          where s.id = any($1::bigint[]) order by s.id`,
        [ids],
      )
    ).rows.map((r) => ({ ...r, id: Number(r.id), event_id: Number(r.event_id) }));

  const expectedTimes = (r: Row) => {
    const { start, end } = sessionBounds(r, r.time_zone);
    return [start.toISOString(), end.toISOString()];
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    organiser = await createVisitor(server, 'organiser');
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      organiser.id,
    ]);
    const pick = (
      await server.db.query<{ event_id: number; schedule_date: string; location: string }>(
        `select event_id::int as event_id, schedule_date::text, location from public.event_schedule
          where location is not null and end_time < '20:00' and status = 'scheduled'
          group by event_id, schedule_date, location having count(*) >= 2
          order by event_id, schedule_date, location limit 1`,
      )
    ).rows[0]!;
    const ringIds = (
      await server.db.query<{ id: number }>(
        'select id::int as id from public.event_schedule where event_id = $1 and schedule_date = $2 and location = $3 order by start_time, id limit 2',
        [pick.event_id, pick.schedule_date, pick.location],
      )
    ).rows.map((r) => Number(r.id));
    const otherId = (
      await server.db.query<{ id: number }>(
        `select id::int as id from public.event_schedule where status = 'scheduled' and location is distinct from $1 order by id limit 1`,
        [pick.location],
      )
    ).rows[0]!.id;
    ring = await rows(ringIds);
    other = (await rows([Number(otherId)]))[0]!;
    // The app's link: the backend's URL (here the venue server's), ids sorted; an unknown id is simply absent.
    feedUrl = paths.calendarFeed(server.url, [other.id, ...ring.map((r) => r.id), 999_999_999]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('the app builds one address per set of sessions, webcal:// for the phone', () => {
    const ids = [other.id, ...ring.map((r) => r.id)];
    expect(paths.calendarFeed(`${server.url}/`, [...ids].reverse().concat(ids))).toBe(paths.calendarFeed(server.url, ids));
    expect(feedUrl).toBe(`${server.url}/functions/v1/calendar?sessions=${[...ids, 999_999_999].sort((a, b) => a - b).join(',')}`);
    expect(paths.webcal(feedUrl)).toBe(feedUrl.replace(/^http:\/\//, 'webcal://'));
    expect(paths.webcal('https://x.supabase.co/functions/v1/calendar?sessions=1')).toBe('webcal://x.supabase.co/functions/v1/calendar?sessions=1');
  });

  it('serves the named sessions anonymously as RFC 5545, cacheable, with their current times and stable UIDs', async () => {
    const res = await poll(feedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(ICS_MIME_TYPE);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${CALENDAR_FEED.maxAgeSeconds}`);
    expect(res.headers.get('etag')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const text = await res.text();
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { vcalendar, events, byUid } = parse(text);
    expect(prop(vcalendar, 'version')).toBe('2.0');
    expect(prop(vcalendar, 'x-wr-calname')).toBe(ICS_TEXTS.calendarName(ICS_TEXTS.feedName));
    expect((prop(vcalendar, 'refresh-interval') as ICAL.Duration).toString()).toBe(CALENDAR_FEED.refreshInterval);
    expect(events).toHaveLength(3);
    expect([...byUid.keys()].sort()).toEqual([other, ...ring].map((r) => sessionUid(r.id)).sort());
    for (const r of [other, ...ring]) {
      const v = byUid.get(sessionUid(r.id))!;
      expect([instant(v, 'dtstart'), instant(v, 'dtend')]).toEqual(expectedTimes(r));
      expect([prop(v, 'summary'), prop(v, 'status'), prop(v, 'location')]).toEqual([r.title, 'CONFIRMED', r.location]);
      expect(prop(v, 'last-modified')).not.toBeNull();
    }
    // The same state gives the same bytes: DTSTAMP is the sessions' latest change, not the clock.
    const again = await poll(feedUrl);
    expect(await again.text()).toBe(text);
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('after a delay and a cancellation: times moved, SEQUENCE grown, STATUS:CANCELLED, same UIDs; the old ETag no longer matches', async () => {
    const before = await poll(feedUrl);
    const beforeTag = before.headers.get('etag')!;
    const old = parse(await before.text()).byUid;
    const seq = (v: ICAL.Component) => Number(prop(v, 'sequence'));
    // Unchanged: a repeated poll with the validator is a 304 without a body, carrying the validator again.
    const same = await poll(feedUrl, { headers: { 'If-None-Match': beforeTag } });
    expect([same.status, await same.text(), same.headers.get('etag'), same.headers.get('cache-control')]).toEqual([
      304,
      '',
      beforeTag,
      `public, max-age=${CALENDAR_FEED.maxAgeSeconds}`,
    ]);

    const delay = delaySessions(ring, 30);
    if (!delay.ok) throw new Error(delay.message);
    const changed = await organiser.client.rpc('organiser_change_sessions', {
      p_op: crypto.randomUUID(),
      p_changes: [...delay.changes, { id: other.id, action: 'cancel' }],
    });
    expect(changed.error).toBeNull();
    const now = await rows([other.id, ...ring.map((r) => r.id)]);
    expect(now.map((r) => r.revision)).toEqual([1, 1, 1]);

    const after = await poll(feedUrl, { headers: { 'If-None-Match': beforeTag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(beforeTag);
    const { events, byUid } = parse(await after.text());
    expect(events).toHaveLength(3);
    expect([...byUid.keys()].sort()).toEqual([...old.keys()].sort());
    for (const r of ring) {
      const moved = now.find((n) => n.id === r.id)!;
      const v = byUid.get(sessionUid(r.id))!;
      expect([instant(v, 'dtstart'), instant(v, 'dtend')]).toEqual(expectedTimes(moved));
      expect(Date.parse(instant(v, 'dtstart')) - Date.parse(instant(old.get(sessionUid(r.id))!, 'dtstart'))).toBe(30 * 60_000);
      expect(seq(v)).toBeGreaterThan(seq(old.get(sessionUid(r.id))!));
      expect(prop(v, 'status')).toBe('CONFIRMED');
    }
    const cancelled = byUid.get(sessionUid(other.id))!;
    expect(prop(cancelled, 'status')).toBe('CANCELLED');
    expect(prop(cancelled, 'summary')).toBe(`${ICS_TEXTS.cancelledPrefix}${other.title}`);
    expect(seq(cancelled)).toBeGreaterThan(seq(old.get(sessionUid(other.id))!));
    expect(cancelled.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('revision rises with each change a calendar shows, never with others, and no writer sets it', async () => {
    const id = ring[0]!.id;
    const revision = async () => (await rows([id]))[0]!.revision;
    const start = await revision();
    await server.db.query(`update public.event_schedule set description = coalesce(description, '') || ' (updated)' where id = $1`, [id]);
    expect(await revision()).toBe(start + 1);
    // Two changes in one second: SEQUENCE still tells them apart, as revision does.
    await server.db.query(`update public.event_schedule set title = title || '!' where id = $1`, [id]);
    await server.db.query(`update public.event_schedule set title = rtrim(title, '!') where id = $1`, [id]);
    expect(await revision()).toBe(start + 3);
    await server.db.query(`update public.event_schedule set original_location = original_location where id = $1`, [id]);
    await server.db.query(`update public.event_schedule set revision = 0 where id = $1`, [id]);
    expect(await revision()).toBe(start + 3);
    // An organiser's edit through the API (the console's REST write) fires it too, and cannot set it.
    const edit = await organiser.client.from('event_schedule').update({ description: 'Judging of the kittens', revision: 0 }).eq('id', id).select('revision');
    expect([edit.error, edit.data]).toEqual([null, [{ revision: start + 4 }]]);
  });

  it('refuses malformed and oversized addresses with 400 JSON, answers HEAD like GET without a body, and only GET/HEAD', async () => {
    const base = `${server.url}/functions/v1/calendar`;
    for (const query of [
      '',
      '?sessions=',
      '?sessions=abc',
      '?sessions=1,,2',
      '?sessions=-1',
      '?sessions=0',
      '?sessions=1.5',
      '?sessions=1&sessions=2',
      '?sessions=1%0A2',
      `?sessions=${'9'.repeat(16)}`,
    ]) {
      const res = await poll(`${base}${query}`);
      expect([query, res.status, res.headers.get('content-type'), await res.json()]).toEqual([query, 400, 'application/json', { error: CALENDAR_FEED_ERRORS.malformed }]);
    }
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    const tooMany = await poll(`${base}?sessions=${ids(CALENDAR_FEED.maxSessions + 1)}`);
    expect([tooMany.status, await tooMany.json()]).toEqual([400, { error: CALENDAR_FEED_ERRORS.tooMany }]);
    const most = await poll(`${base}?sessions=${ids(CALENDAR_FEED.maxSessions)}`);
    expect(most.status).toBe(200);
    expect(parse(await most.text()).events.length).toBeLessThanOrEqual(CALENDAR_FEED.maxSessions);

    const get = await poll(feedUrl);
    const head = await poll(feedUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('etag'), await head.text()]).toEqual([200, ICS_MIME_TYPE, get.headers.get('etag'), '']);
    await get.body?.cancel();

    // Only the keyless function goes without a key: the others still meet the gateway's key check.
    const coupon = await poll(`${server.url}/functions/v1/send-coupon`, { method: 'POST', body: '{}' });
    expect([coupon.status, await coupon.json()]).toEqual([401, { message: 'No API key found in request' }]);

    const post = await poll(feedUrl, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([405, 'GET, HEAD, OPTIONS', { error: 'The calendar feed answers GET and HEAD only.' }]);
  });
});
