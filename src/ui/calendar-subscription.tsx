// "A calendar that follows changes": the webcal:// link a phone's calendar subscribes to and a button that
// copies the https:// address (for calendars that add one "from URL"), with what the subscription does in
// words. The address names the sessions it holds (shared/calendar-feed.ts), so the page passes it in.
import { useId, useState } from 'react';
import { paths } from '../../shared/paths.ts';
import { shareOrCopy, type ShareOutcome } from '../lib/share.ts';
import { SUBSCRIPTION_TEXTS as T } from './my-show-texts.ts';
import './calendar-subscription.css';

interface CalendarSubscriptionProps {
  /** The feed's https:// (or http://) address; null when the starred sessions are too many for one. */
  feedUrl: string | null;
  /** How many sessions are starred, for the words when there are too many. */
  starred: number;
  most: number;
  /** The visitor subscribed on this phone to another list of sessions than the one starred now. */
  changedSince: boolean;
  /** The visitor used this address (subscribed or copied it). */
  onUse: (feedUrl: string) => void;
}

export function CalendarSubscription({ feedUrl, starred, most, changedSince, onUse }: CalendarSubscriptionProps) {
  const id = useId();
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);

  async function copy(url: string) {
    setOutcome(null);
    // The clipboard only: a share sheet would offer the address to apps, not to the calendar.
    const clipboard = typeof navigator.clipboard?.writeText === 'function' ? navigator.clipboard : undefined;
    setOutcome(await shareOrCopy({ title: T.subscribe, url }, { clipboard }));
    onUse(url);
  }

  return (
    <section className="calendar-subscription" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{T.heading}</h2>
      <p>{T.explain}</p>
      {feedUrl === null ? (
        <p className="calendar-subscription-note">{T.tooMany(starred, most)}</p>
      ) : (
        <>
          {changedSince && <p className="calendar-subscription-changed">{T.changedSince}</p>}
          <div className="calendar-subscription-actions">
            <a className="button" href={paths.webcal(feedUrl)} onClick={() => onUse(feedUrl)}>
              {T.subscribe}
            </a>
            <button type="button" className="secondary" onClick={() => void copy(feedUrl)}>
              {T.copy}
            </button>
          </div>
          <p className="calendar-subscription-status" role="status">
            {outcome === 'copied' ? T.copied : ''}
          </p>
          {outcome === 'unavailable' && (
            <p className="calendar-subscription-by-hand">
              <label htmlFor={`${id}-address`}>{T.copyByHand}</label>
              <input id={`${id}-address`} type="url" readOnly value={feedUrl} onFocus={(e) => e.currentTarget.select()} />
            </p>
          )}
          <p className="calendar-subscription-note">{T.starredChanges}</p>
        </>
      )}
    </section>
  );
}
