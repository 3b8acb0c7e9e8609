// The demo show's events (one running today, past and future ones) and each one's day-by-day programme.
import type { Random } from './random.ts';
import { addDays, isoDate, pad, placeOf, type Row, type ShowContext } from './show-context.ts';
import { DAY_SESSIONS, EVENING, EVENT_DEFS, RING_BLOCKS, RING_CATEGORIES, TALK_STARTS, TALKS } from './show-lists.ts';
import { venueSvg } from './images.ts';

/** Judging rings a show day runs in parallel, per unit of scale. */
const RINGS_PER_SCALE = 4;
const TALKS_PER_DAY = TALK_STARTS.length;
/** The evening cover starts this many minutes before the seed hour and runs until this many after it. */
const EVENING_COVER_BEFORE_MIN = 120;
const EVENING_COVER_AFTER_MIN = 8 * 60;
const MINUTES_PER_DAY = 24 * 60;

type EventDef = (typeof EVENT_DEFS)[number];

interface SessionDraft {
  start: string;
  end: string;
  title: string;
  description: string;
  location: string;
  nextDay?: boolean;
}

export function buildEvents(ctx: ShowContext): { events: Row[]; event_schedule: Row[] } {
  const events: Row[] = [];
  const event_schedule: Row[] = [];
  EVENT_DEFS.forEach((def, i) => {
    const start = addDays(ctx.today, def.offsetDays);
    const event = eventRow(ctx, def, i, start);
    events.push(event);
    for (const s of eventSessions(ctx, def, start)) {
      event_schedule.push({ id: event_schedule.length + 1, event_id: event.id, ...s });
    }
  });
  return { events, event_schedule };
}

/** The index-th event of EVENT_DEFS, starting on `start`. */
function eventRow(ctx: ShowContext, def: EventDef, index: number, start: Date): Row {
  const place = placeOf(def.place);
  const rings = RINGS_PER_SCALE * ctx.scale;
  return {
    id: index + 1,
    name: def.live ? `${def.name} ${start.getUTCFullYear()}` : def.name,
    start_date: isoDate(start),
    end_date: isoDate(addDays(start, def.days - 1)),
    city: place.city,
    country: place.country,
    venue_name: def.venue,
    street_address: `${place.street} ${10 + index}`,
    postal_code: place.postal,
    expected_attendance: def.attendance,
    description: `${def.days > 1 ? `${def.days} days` : 'A day'} of championship judging in ${rings} rings, breeders’ benches with kittens to meet, talks by vets and judges, and a Best in Show finale. Exhibitors bring cats of more than forty breeds.`,
    event_picture_url: ctx.image(`events/${def.picture}.svg`, () => venueSvg(def.name)),
    latitude: place.lat,
    longitude: place.lng,
    time_zone: place.tz,
  };
}

/** An event's schedule columns, day by day; the live event's seed day also gets the evening cover. */
function eventSessions(ctx: ShowContext, def: EventDef, start: Date): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (let d = 0; d < def.days; d++) {
    const day = addDays(start, d);
    const sessions = dayProgramme(ctx.rnd, ctx.scale, d === def.days - 1);
    if (def.live && isoDate(day) === isoDate(ctx.today)) sessions.push(...eveningCover(ctx.today, sessions));
    for (const s of sessions) {
      out.push({
        schedule_date: isoDate(s.nextDay ? addDays(day, 1) : day),
        start_time: `${s.start}:00`,
        end_time: `${s.end}:00`,
        title: s.title,
        description: s.description,
        location: s.location,
      });
    }
  }
  return out;
}

/** A show day from 08:30 to 17:30: vetting-in, rings in parallel, talks, Best in Show. */
function dayProgramme(rnd: Random, scale: number, lastDay: boolean): SessionDraft[] {
  const out: SessionDraft[] = [...DAY_SESSIONS.opening, lastDay ? DAY_SESSIONS.lastDayClose : DAY_SESSIONS.dayClose].map((s) => ({ ...s }));
  const rings = RINGS_PER_SCALE * scale;
  for (let r = 0; r < rings; r++) {
    const category = RING_CATEGORIES[r % RING_CATEGORIES.length]!;
    for (const [start, end, what] of RING_BLOCKS) {
      out.push({
        start,
        end,
        title: `Ring ${r + 1}: ${category} ${what}`,
        description: `${category} cats are judged by an international all-breed judge.`,
        location: `Ring ${r + 1}`,
      });
    }
  }
  const talks = rnd.sample(TALKS, TALKS_PER_DAY);
  TALK_STARTS.forEach((start, n) => {
    const [title, description] = talks[n]!;
    out.push({ start, end: `${start.slice(0, 2)}:45`, title, description, location: 'Stage' });
  });
  return out;
}

/**
 * Hourly evening and night sessions on the seed day, so that whenever the show is seeded something is
 * happening now or up next for the following hours (they wrap past midnight onto the next day).
 * `now` is the venue's wall clock held in UTC fields.
 */
function eveningCover(now: Date, day: SessionDraft[]): SessionDraft[] {
  const covered = (minute: number) => day.some((s) => !s.nextDay && toMinutes(s.start) <= minute && minute < toMinutes(s.end));
  const out: SessionDraft[] = [];
  const from = now.getUTCHours() * 60 - EVENING_COVER_BEFORE_MIN;
  for (let m = Math.floor(from / 60) * 60; m < now.getUTCHours() * 60 + EVENING_COVER_AFTER_MIN; m += 60) {
    if (m < 0) continue;
    const nextDay = m >= MINUTES_PER_DAY;
    const minute = m % MINUTES_PER_DAY;
    if (!nextDay && (covered(minute) || covered(minute + 59))) continue;
    const [title, description, location] = EVENING[(m / 60) % EVENING.length]!;
    const hh = pad(minute / 60);
    out.push({ start: `${hh}:00`, end: minute === 23 * 60 ? '23:59' : `${pad(minute / 60 + 1)}:00`, title, description, location, nextDay });
  }
  return out;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
