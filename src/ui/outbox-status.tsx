// One line saying where a queued write stands (docs/DESIGN.md §5.1: "queued — will send when you are back online", "sent", or the error).
import { ERROR_FALLBACK, outboxFailureText, type StoredOutboxFailure } from '../../shared/messages.ts';

/** What this line needs of an outbox item (data/outbox/types.ts's OutboxItem has it): ui/ knows no data layer. */
export interface QueuedWrite extends StoredOutboxFailure {
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'needs_sign_in';
}

export function outboxStatusText(item: QueuedWrite, online: boolean): string {
  switch (item.status) {
    case 'queued':
      return online ? 'Queued — sending shortly' : 'Queued — will send when you are back online';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'needs_sign_in':
      return outboxFailureText(item) ?? 'Sign in again to send this request.';
    case 'failed':
      return outboxFailureText(item) ?? ERROR_FALLBACK;
  }
}

export function OutboxStatusLine({ item }: { item: QueuedWrite }) {
  const online = typeof navigator === 'undefined' ? true : navigator.onLine;
  const text = outboxStatusText(item, online);
  if (item.status === 'failed')
    return (
      <p className="error-box" role="alert">
        {text}
      </p>
    );
  return (
    <p className={`outbox-status outbox-${item.status}`} role="status">
      {text}
    </p>
  );
}
