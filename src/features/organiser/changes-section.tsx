// "Your changes": the organiser's latest queued changes and where each stands, in words.
import { ERROR_FALLBACK, outboxFailureText } from '../../../shared/messages.ts';
import { ConsoleSection } from './console-section.tsx';
import type { ConsoleChange } from './use-console-data.ts';

/** Where a queued change stands, in words (the outbox panel says the same). */
function changeStateText(item: Pick<ConsoleChange, 'status' | 'lastError' | 'errorCode'>): string {
  switch (item.status) {
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Not sent: ${outboxFailureText(item) ?? ERROR_FALLBACK}`;
    case 'needs_sign_in':
      return `Waiting to send: ${outboxFailureText(item) ?? 'sign in again'}`;
    default:
      return 'Waiting to send';
  }
}

export function ChangesSection({ items }: { items: ConsoleChange[] }) {
  return (
    <ConsoleSection title="Your changes">
      <ul className="console-changes">
        {items.map((item) => (
          <li key={item.id} className={`console-change is-${item.status}`}>
            <span>{item.payload.label}</span> <strong className="console-change-state">{changeStateText(item)}</strong>
          </li>
        ))}
      </ul>
    </ConsoleSection>
  );
}
