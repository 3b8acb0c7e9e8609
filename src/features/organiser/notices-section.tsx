// "Show notices": the form that posts one, and the event's notices showing now, each with Withdraw.
import type { ShowEvent, ShowNotice } from '../../data/mirror.ts';
import { zonedDateTime } from '../../../shared/dates.ts';
import { ConsoleSection } from './console-section.tsx';
import { NoticeForm } from './notice-form.tsx';
import type { AskChange } from './pending-change.ts';

/** `notices`: the event's notices showing now, newest first; `zone`: the venue's time zone. */
export function NoticesSection({ event, notices, zone, ask }: { event: ShowEvent; notices: ShowNotice[]; zone: string; ask: AskChange }) {
  return (
    <ConsoleSection title="Show notices">
      <NoticeForm event={event} ask={ask} />
      <h3>Current notices</h3>
      {notices.length === 0 ? (
        <p className="muted">No notices are showing.</p>
      ) : (
        <ul className="console-notices">
          {notices.map((n) => (
            <li key={n.id}>
              <span className="console-notice-text">{n.message}</span>
              <span className="muted">{n.ends_at ? ` Until ${zonedDateTime(new Date(n.ends_at), zone).time.slice(0, 5)}` : ' Until withdrawn'}</span>
              <button
                type="button"
                className="secondary"
                onClick={() => ask({ label: `Withdraw the notice “${n.message}”`, input: { type: 'withdraw_notice', notice_id: n.id } })}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
    </ConsoleSection>
  );
}
