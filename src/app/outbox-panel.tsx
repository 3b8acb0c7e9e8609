// Everything in the outbox that is not delivered, visible from the header: what is still on its way, and what
// the server refused for good (with its reason and Dismiss). Nothing is ever dropped unseen.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { discardOutboxItem, retryOutboxItem } from '../data/backend.ts';
import { tallyOutbox, useOutbox, type OutboxItem } from '../data/mirror.ts';
import { outboxStatusText } from '../ui/outbox-status.tsx';
import { ERROR_FALLBACK, outboxFailureText } from '../../shared/messages.ts';

/** The panel keeps this far from the viewport's edges (px), so it never runs off a phone's screen. */
const EDGE_GAP_PX = 8;
const PANEL_MAX_WIDTH_PX = 384;

function describeItem(item: OutboxItem): string {
  switch (item.kind) {
    case 'vote':
      return `Vote for catalog number ${item.payload.catalog_number}`;
    case 'coupon':
      return `${item.payload.coupon_type === 'discount' ? 'Discount' : 'Rebate'} coupon from ${item.payload.company_name}`;
    case 'organiser':
    case 'catalogue_entry':
    case 'floor_place':
    case 'ring_side':
      return item.payload.label;
  }
}

/** "2 waiting to send", "1 not sent", or both; on a phone " to send" is read out but not shown, so the header keeps its room. */
function BadgeText({ waiting, notSent }: { waiting: number; notSent: number }) {
  return (
    <>
      {waiting > 0 && (
        <>
          {waiting} waiting<span className="outbox-badge-more"> to send</span>
        </>
      )}
      {waiting > 0 && notSent > 0 && ', '}
      {notSent > 0 && `${notSent} not sent`}
    </>
  );
}

/** Fixed under the badge, right edges aligned, clamped inside the viewport (the header is sticky). */
function placeUnder(badge: HTMLElement): { top: number; right: number; width: number } {
  const viewport = document.documentElement.clientWidth;
  const box = badge.getBoundingClientRect();
  const width = Math.min(PANEL_MAX_WIDTH_PX, viewport - 2 * EDGE_GAP_PX);
  const right = Math.min(Math.max(EDGE_GAP_PX, viewport - box.right), viewport - width - EDGE_GAP_PX);
  return { top: Math.round(box.bottom + 6), right: Math.round(right), width };
}

function Item({ item, online, onDismissed }: { item: OutboxItem; online: boolean; onDismissed: () => void }) {
  const titleId = useId();
  if (item.status === 'failed') {
    return (
      <li className="outbox-item outbox-failed">
        <strong id={titleId}>{describeItem(item)}</strong>
        <span className="outbox-reason">{`Not sent: ${outboxFailureText(item) ?? ERROR_FALLBACK}`}</span>
        <span className="outbox-actions">
          <button type="button" className="secondary" aria-describedby={titleId} onClick={() => void discardOutboxItem(item.id).then(onDismissed)}>
            Dismiss
          </button>
        </span>
      </li>
    );
  }
  return (
    <li className={`outbox-item outbox-${item.status}`}>
      <strong id={titleId}>{describeItem(item)}</strong>
      <span>{outboxStatusText(item, online)}</span>
      {item.attempts > 0 && item.status === 'queued' && <span className="muted">{item.attempts === 1 ? '1 attempt so far' : `${item.attempts} attempts so far`}</span>}
      {item.status === 'needs_sign_in' && (
        <span className="outbox-actions">
          <button type="button" aria-describedby={titleId} onClick={() => void retryOutboxItem(item.id)}>
            Retry
          </button>
        </span>
      )}
    </li>
  );
}

export function OutboxPanel() {
  const items = useOutbox();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<ReturnType<typeof placeUnder> | null>(null);
  const badgeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const { waiting, notSent } = tallyOutbox(items ?? []);
  const shown = (items ?? []).filter((i) => i.status !== 'sent');

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) badgeRef.current?.focus();
  }, []);

  const show = () => {
    // Placed before the first paint, so the panel can take focus at once.
    if (badgeRef.current) setPlace(placeUnder(badgeRef.current));
    setOpen(true);
  };

  useEffect(() => {
    const badge = badgeRef.current;
    if (!open || !badge) return;
    const follow = () => setPlace(placeUnder(badge));
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !badgeRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  // Everything delivered or dismissed: the badge goes, and the panel must not pop open with the next item.
  if (shown.length === 0) {
    if (open) setOpen(false);
    return null;
  }
  const online = navigator.onLine;
  // Focus stays in the panel after a Dismiss; with nothing left the panel goes, and focus goes to the page.
  const afterDismiss = () => {
    if (panelRef.current?.isConnected) panelRef.current.focus();
    else document.getElementById('main')?.focus();
  };
  const label = waiting.length > 0 ? 'Waiting to send' : 'Not sent';

  return (
    <div className="outbox-panel">
      <button
        type="button"
        ref={badgeRef}
        className={`outbox-badge${notSent.length > 0 ? ' has-not-sent' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close(false) : show())}
      >
        <BadgeText waiting={waiting.length} notSent={notSent.length} />
      </button>
      {open && (
        <section
          id={panelId}
          ref={panelRef}
          className="outbox-list"
          aria-label={label}
          tabIndex={-1}
          style={place ? { top: place.top, right: place.right, width: place.width } : undefined}
        >
          <div className="outbox-list-head">
            <p className="outbox-list-title">{label}</p>
            <button type="button" className="secondary" onClick={() => close(true)}>
              Close
            </button>
          </div>
          <ul>
            {shown.map((item) => (
              <Item key={item.id} item={item} online={online} onDismissed={afterDismiss} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
