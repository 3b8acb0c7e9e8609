// The organisers' notices as a visitor sees them: one line each, while their end time is ahead.
// The screen passes the mirror's rows (so they show offline too); a withdrawn notice's tombstone removes it.
import { noticeShowing } from '../../shared/live-schedule.ts';
import { useNow } from './use-now.ts';

/** A notice with an end time goes within this long of it. */
const REFRESH_MS = 15_000;

export interface NoticeLine {
  id: number;
  message: string;
  ends_at: string | null;
  created_at: string;
}

/** The showing notices, newest first, in a status banner; nothing while none is showing. */
export function ShowNotices({ notices }: { notices: readonly NoticeLine[] | undefined }) {
  const now = useNow(REFRESH_MS);
  const showing = (notices ?? []).filter((n) => noticeShowing(n, now)).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  if (showing.length === 0) return null;
  return (
    <div className="show-notices" role="status" aria-label="Notices from the organisers">
      {showing.map((n) => (
        <p key={n.id} className="show-notice">
          {n.message}
        </p>
      ))}
    </div>
  );
}
