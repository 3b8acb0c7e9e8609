// Share a detail page: the system share sheet where there is one, else "Copy link" with a
// spoken confirmation, and a QR code of the link for another visitor's phone. The QR encoder loads only
// when the code is first shown (src/ui/qr-code.tsx), so it costs nothing until then.
import { useId, useState } from 'react';
import { appConfig } from '../config.ts';
import { appLink, canWebShare, shareOrCopy, type ShareOutcome } from '../lib/share.ts';
import { SHARE_TEXTS } from '../lib/share-texts.ts';
import { QrCode } from './qr-code.tsx';
import './share-button.css';

interface ShareButtonProps {
  /** The shared title: the page's subject ("Maine Coon"). */
  title: string;
  /** The same-app path of what is shared ("/breeds/MCO", "/events/3#session-12"). */
  path: string;
  /** Offer the QR code too (a page's own share; a row's share leaves it out). */
  qr?: boolean;
  /** What is shared, named after the visible text in the button's accessible name when several are on a page. */
  about?: string;
}

export function ShareButton({ title, path, qr = true, about }: ShareButtonProps) {
  const id = useId();
  const url = appLink(location.origin, appConfig().basePath, path);
  const data = { title, url };
  const sheet = canWebShare(navigator, data);
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const text = sheet ? SHARE_TEXTS.share : SHARE_TEXTS.copyLink;

  async function share() {
    setOutcome(null);
    setOutcome(await shareOrCopy(data, navigator));
  }

  return (
    <div className="share">
      <div className="share-actions">
        <button type="button" className="secondary share-button" aria-label={about ? `${text}: ${about}` : undefined} onClick={() => void share()}>
          {text}
        </button>
        {qr && (
          <button type="button" className="secondary share-qr-toggle" aria-expanded={qrOpen} aria-controls={`${id}-qr`} onClick={() => setQrOpen((o) => !o)}>
            {qrOpen ? SHARE_TEXTS.hideQr : SHARE_TEXTS.showQr}
          </button>
        )}
      </div>
      <p className="share-status" role="status">
        {outcome === 'copied' ? SHARE_TEXTS.copied : ''}
      </p>
      {outcome === 'unavailable' && (
        <p className="share-by-hand">
          <label htmlFor={`${id}-link`}>{SHARE_TEXTS.copyByHand}</label>
          <input id={`${id}-link`} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
      {qr && (
        <div id={`${id}-qr`} className="share-qr" hidden={!qrOpen}>
          {qrOpen && (
            <>
              <QrCode text={url} label={SHARE_TEXTS.qrLabel(url)} size={200} />
              <p className="share-qr-hint">{SHARE_TEXTS.qrHint}</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
