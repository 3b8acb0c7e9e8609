// A coupon the visitor can redeem at the stand without the e-mail: company, value, code and its QR code.
import { useState } from 'react';
import { QrCode } from './qr-code.tsx';
import type { CouponKind } from './coupon-value.ts';

interface CouponCardProps {
  code: string;
  kind: CouponKind;
  companyName: string;
  /** "$10.00 off" / "15% off"; null when the amount is not known. */
  value: string | null;
  /** Draw the QR code at once, or behind a "Show QR code" button (lists). */
  qr?: 'shown' | 'on-demand';
  sentAt?: number | null;
}

export function CouponCard({ code, kind, companyName, value, qr = 'shown', sentAt = null }: CouponCardProps) {
  const [showQr, setShowQr] = useState(qr === 'shown');
  const title = `${kind === 'discount' ? 'Discount' : 'Rebate'} coupon from ${companyName}`;
  return (
    <article className={`coupon-card coupon-${kind}`} aria-label={title}>
      <div className="coupon-card-text">
        <h4 className="coupon-card-title">{title}</h4>
        {value && <p className="coupon-value">{value}</p>}
        <p className="coupon-code-line">
          <span className="coupon-code-label">Code</span> <code className="coupon-code">{code}</code>
        </p>
        <p className="hint">
          Single use: show this code or the QR code at the {companyName} stand.
          {sentAt !== null && <> Sent {new Date(sentAt).toLocaleString()}.</>}
        </p>
        {qr === 'on-demand' && (
          <button type="button" className="secondary coupon-qr-toggle" aria-expanded={showQr} onClick={() => setShowQr((s) => !s)}>
            {showQr ? 'Hide QR code' : 'Show QR code'}
          </button>
        )}
      </div>
      {showQr && <QrCode text={code} label={`QR code for coupon ${code}`} />}
    </article>
  );
}
