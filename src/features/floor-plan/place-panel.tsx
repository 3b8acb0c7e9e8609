// What is at a place of the plan, once tapped or chosen in the list: a ring's session now and next, a benching
// row's pens and the cats in them, a stand's advertiser with its hours and vouchers, a facility's kind.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { EventCatalogue, HallPlace, ScheduleSession, ShowEvent } from '../../data/mirror.ts';
import { formatScheduleDay, formatTime } from '../../../shared/dates.ts';
import { pensOf } from '../../../shared/floor-plan.ts';
import { formatDiscount, formatRebate } from '../../../shared/money.ts';
import { normalisePen } from '../../../shared/pens.ts';
import { paths } from '../../../shared/paths.ts';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';
import { FLOOR_PLAN_TEXTS as T } from '../../ui/floor-plan-texts.ts';
import { placeName, ringSessions } from '../../ui/floor-plan/hall.ts';

interface PanelProps {
  place: HallPlace & { judgingNow: boolean };
  event: ShowEvent;
  catalogue: EventCatalogue | undefined;
  sessions: ScheduleSession[];
  now: Date;
  /** Pens a link asked for, marked in the row's list. */
  pens: string[];
  onClose: () => void;
}

export function PlacePanel({ place, event, catalogue, sessions, now, pens, onClose }: PanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A place chosen in the list or on the plan: its panel is where the reader goes next.
  useEffect(() => {
    if (document.activeElement?.closest('.floor-plan-list, .plan-map')) heading.current?.focus({ preventScroll: true });
  }, []);
  const title = placeName(place);
  return (
    <section className="floor-plan-panel" aria-labelledby="floor-plan-panel-heading">
      <div className="floor-plan-panel-top">
        <h2 id="floor-plan-panel-heading" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="secondary floor-plan-close" onClick={onClose}>
          {T.close}
        </button>
      </div>
      {place.judgingNow && <p className="floor-plan-now">{T.judgingNow}</p>}
      {place.kind === 'ring' && <RingSessions place={place} event={event} sessions={sessions} now={now} />}
      {place.kind === 'benching' && <RowPens place={place} event={event} catalogue={catalogue} wanted={pens} />}
      {place.kind === 'stand' && <Stand place={place} />}
      {place.kind === 'facility' && place.facility && (
        <p>
          {T.facilityKind}: {T.facilities[place.facility]}
        </p>
      )}
    </section>
  );
}

function SessionLine({ session, eventId, word }: { session: ScheduleSession | undefined; eventId: number; word: string }) {
  return (
    <div>
      <dt>{word}</dt>
      {session && (
        <dd>
          <Link to={paths.eventSession(eventId, session.id)}>
            <span className="floor-plan-session-time">
              {formatScheduleDay(session.schedule_date)}, {formatTime(session.start_time)}–{formatTime(session.end_time)}
            </span>{' '}
            <span className="floor-plan-session-title">{session.title}</span>
          </Link>
        </dd>
      )}
    </div>
  );
}

function RingSessions({ place, event, sessions, now }: { place: HallPlace; event: ShowEvent; sessions: ScheduleSession[]; now: Date }) {
  if (!place.location) return null;
  const { now: onNow, next } = ringSessions(sessions, place.location, now, eventTimeZone(event));
  return (
    <dl className="floor-plan-sessions">
      {onNow.length === 0 ? (
        <div>
          <dt>{T.sessionNow}</dt>
          <dd>{T.noSessionNow}</dd>
        </div>
      ) : (
        onNow.map((s) => <SessionLine key={s.id} session={s} eventId={event.id} word={T.sessionNow} />)
      )}
      {next ? (
        <SessionLine session={next} eventId={event.id} word={T.sessionNext} />
      ) : (
        <div>
          <dt>{T.sessionNext}</dt>
          <dd>{T.noSessionNext}</dd>
        </div>
      )}
    </dl>
  );
}

function RowPens({ place, event, catalogue, wanted }: { place: HallPlace; event: ShowEvent; catalogue: EventCatalogue | undefined; wanted: string[] }) {
  const pens = pensOf(place.pens);
  const list = useRef<HTMLUListElement>(null);
  // A long row's list scrolls: the pen a link asked for comes into its view (the page itself stays put).
  useEffect(() => {
    const box = list.current;
    const lit = box?.querySelector<HTMLElement>('li.is-highlighted');
    if (box && lit) box.scrollTop = lit.offsetTop - box.clientHeight / 3;
  }, []);
  const byPen = new Map<string, NonNullable<EventCatalogue>['entries']>();
  for (const cat of catalogue?.entries ?? []) {
    const pen = cat.pen === null ? null : normalisePen(cat.pen);
    if (pen !== null) byPen.set(pen, [...(byPen.get(pen) ?? []), cat]);
  }
  return (
    <>
      <p>{T.pens(pens.length)}</p>
      {/* Focusable: a keyboard scrolls it even where no pen holds a cat to link. */}
      <ul className="floor-plan-pens" ref={list} tabIndex={0} aria-label={T.pensOf(placeName(place))}>
        {pens.map((pen) => {
          const cats = byPen.get(pen) ?? [];
          return (
            <li key={pen} className={wanted.includes(pen) ? 'is-highlighted' : undefined}>
              <span className="floor-plan-pen">{T.penLine(pen)}</span>
              {cats.length === 0 ? (
                <span className="muted"> {T.emptyPen}</span>
              ) : (
                cats.map((cat) => (
                  <span key={cat.id}>
                    {' '}
                    <Link to={paths.catalogueEntry(event.id, cat.catalogue_number)}>{T.catLine(cat.catalogue_number, cat.name)}</Link>
                    {cat.absent && ` (${CATALOGUE_TEXTS.absent})`}
                  </span>
                ))
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function Stand({ place }: { place: HallPlace }) {
  const a = place.advertiser;
  if (!a) return <p>{T.noAdvertiser}</p>;
  const offers = [
    a.discount_voucher_enabled ? (a.discount_voucher_amount === null ? T.discountVoucher : T.discountOffer(formatDiscount(a.discount_voucher_amount))) : null,
    a.rebate_voucher_enabled ? (a.rebate_voucher_percentage === null ? T.rebateVoucher : T.rebateOffer(formatRebate(a.rebate_voucher_percentage))) : null,
  ].filter((o): o is string => o !== null);
  return (
    <>
      <p className="floor-plan-advertiser">
        <Link to={paths.advertiser(a.id)}>{a.company_name}</Link>
      </p>
      <dl className="floor-plan-stand">
        {a.stand && (
          <div>
            <dt>{T.standNumber}</dt>
            <dd>{a.stand}</dd>
          </div>
        )}
        {a.opening_hours && (
          <div>
            <dt>{T.standHours}</dt>
            <dd>{a.opening_hours}</dd>
          </div>
        )}
        <div>
          <dt>{T.vouchers}</dt>
          <dd>
            {offers.length === 0 ? (
              T.noVouchers
            ) : (
              <>
                <ul>
                  {offers.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
                <Link to={paths.advertiser(a.id)}>{T.voucherLink}</Link>
              </>
            )}
          </dd>
        </div>
      </dl>
    </>
  );
}
