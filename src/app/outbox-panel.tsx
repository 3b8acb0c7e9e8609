// Everything waiting in the outbox, visible from the header: nothing is ever dropped unseen.
import { useState } from 'react';
import { discardOutboxItem, retryOutboxItem } from '../data/backend.ts';
import { useOutbox, type OutboxItem } from '../data/mirror.ts';
import { outboxStatusText } from '../ui/outbox-status.tsx';

function describeItem(item: OutboxItem): string {
  return item.kind === 'vote'
    ? `Vote for catalog number ${item.payload.catalog_number}`
    : `${item.payload.coupon_type === 'discount' ? 'Discount' : 'Rebate'} coupon from ${item.payload.company_name}`;
}

export function OutboxPanel() {
  const items = useOutbox();
  const [open, setOpen] = useState(false);
  const waiting = (items ?? []).filter((i) => i.status !== 'sent');
  if (waiting.length === 0) return null;
  const online = navigator.onLine;
  return (
    <div className="outbox-panel">
      <button type="button" className="outbox-badge" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {waiting.length} waiting to send
      </button>
      {open && (
        <section className="outbox-list" aria-label="Waiting to send">
          <ul>
            {waiting.map((item) => (
              <li key={item.id} className={`outbox-item outbox-${item.status}`}>
                <strong>{describeItem(item)}</strong>
                <span>{outboxStatusText(item, online)}</span>
                {item.attempts > 0 && item.status === 'queued' && <span className="muted">{item.attempts} attempts so far</span>}
                {(item.status === 'failed' || item.status === 'needs_sign_in') && (
                  <span className="outbox-actions">
                    <button type="button" onClick={() => void retryOutboxItem(item.id)}>
                      Retry
                    </button>
                    {item.status === 'failed' && (
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => {
                          if (confirm(`Discard "${describeItem(item)}"? It will not be sent.`)) void discardOutboxItem(item.id);
                        }}
                      >
                        Discard
                      </button>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
