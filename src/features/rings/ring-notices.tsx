// The starred cats' notices: while the app is open, on whatever screen, a starred cat called to a ring or
// placed shows a dismissable notice once ("52 Bella is called to Ring 3"), announced politely, linked to the
// cat; and a system notification where the visitor turned My show's reminders on (the permission they gave
// there, through the service worker). The shell mounts it beside the reminders, in its own lazy chunk.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { liveQuery } from 'dexie';
import { readStarredJudging, type StarredCat } from '../../data/mirror.ts';
import { listFavourites } from '../../data/favourites.ts';
import { paths } from '../../../shared/paths.ts';
import { ringNotices, unseenNotices, type RingNotice } from '../../lib/judging.ts';
import { JUDGING_TEXTS as T } from '../../ui/judging-texts.ts';
import './ring-notices.css';

/** localStorage: the notices already given on this device, so a reload or another tab does not repeat them. */
const SEEN_KEY = 'ring-notices-seen';
/** The keys kept: enough for a show's calls and results of a few starred cats, bounded. */
const SEEN_LIMIT = 400;

type Notice = RingNotice<StarredCat> & { text: string; url: string };

function seenKeys(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

function markSeen(keys: readonly string[]): void {
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...seenKeys(), ...keys])].slice(-SEEN_LIMIT)));
  } catch {
    // A full or blocked storage only means a notice may come again.
  }
}

/** The notice's words, as the banner and the system notification say them. */
function noticeText(n: RingNotice<StarredCat>): string {
  if (n.kind === 'call') return (n.call.status === 'judging' ? T.noticeJudging : T.noticeCalled)(n.cat.number, n.cat.name, n.call.ring);
  return T.noticeResult(n.cat.number, n.cat.name, n.result);
}

/** The starred cats' notices now; a star, a call or a result changing reads them again (a live query). */
async function starredNotices(): Promise<{ cats: StarredCat[]; notices: Notice[] }> {
  const ids = (await listFavourites('entry')).map((f) => Number(f.id)).filter(Number.isInteger);
  const starred = await readStarredJudging(ids);
  const notices = ringNotices(starred.cats, starred.calls, starred.results, Date.now()).map((n) => ({
    ...n,
    text: noticeText(n),
    url: paths.catalogueEntry(n.cat.eventId, n.cat.number),
  }));
  return { cats: starred.cats, notices };
}

function notify(n: Notice): void {
  void navigator.serviceWorker.ready
    .then((registration) =>
      registration.showNotification(n.kind === 'call' ? T.notificationCallTitle : T.notificationResultTitle, { body: n.text, tag: n.key, data: { url: n.url } }),
    )
    // The notice on screen is shown either way; a notification the system refused is only logged.
    .catch((e: unknown) => console.warn('[ring notices] the system notification was not shown', e));
}

/** `notificationsOn`: whether the visitor turned system notifications on (My show's reminders); read at each notice. */
export function RingNotices({ notificationsOn }: { notificationsOn: () => boolean }) {
  const [shown, setShown] = useState<Notice[]>([]);

  useEffect(() => {
    let latest: Notice[] = [];
    const check = () => {
      const fresh = unseenNotices(latest, seenKeys());
      if (fresh.length === 0) return;
      markSeen(fresh.map((n) => n.key));
      setShown((s) => [...s, ...fresh]);
      if (notificationsOn()) fresh.forEach(notify);
    };
    const subscription = liveQuery(starredNotices).subscribe({
      next: (value) => {
        latest = value.notices;
        check();
      },
      error: (e: unknown) => console.warn('[ring notices] not read', e),
    });
    return () => subscription.unsubscribe();
  }, [notificationsOn]);

  // Always in the page, so a screen reader hears a notice when it fills.
  return (
    <div className="ring-notices" aria-live="polite">
      {shown.map((n) => (
        <section key={n.key} className="ring-notice" aria-label={T.noticeLabel}>
          <p>
            <Link to={n.url} onClick={() => setShown((s) => s.filter((x) => x !== n))}>
              {n.text}
            </Link>
          </p>
          <button type="button" className="secondary" onClick={() => setShown((s) => s.filter((x) => x !== n))}>
            {T.noticeDismiss}
            <span className="visually-hidden">: {n.text}</span>
          </button>
        </section>
      ))}
    </div>
  );
}
