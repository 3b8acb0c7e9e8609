// A coupon the visitor can redeem at the stand without the e-mail: company, value, code and its QR code.
import { useState } from 'react';
import { QrCode } from '../../ui/qr-code.tsx';
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
  /** The title's heading level: under a voucher's h3 on the advertiser page, under My coupons' h2 on /profile. */
  headingLevel?: 3 | 4;
}

export function CouponCard({ code, kind, companyName, value, qr = 'shown', sentAt = null, headingLevel = 4 }: CouponCardProps) {
  const [showQr, setShowQr] = useState(qr === 'shown');
  const title = `${kind === 'discount' ? 'Discount' : 'Rebate'} coupon from ${companyName}`;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className={`coupon-card coupon-${kind}`} aria-label={title}>
      <div className="coupon-card-text">
        <Heading className="coupon-card-title">{title}</Heading>
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
