// /organiser/coupons: coupons issued per advertiser and voucher type, with totals. Counts only: the report
// never carries a code or an address (coupon_report()).
import { useCallback, useId } from 'react';
import { Empty, Loading } from '../../ui/states.tsx';
import { ConsoleNav } from './console-nav.tsx';
import { couponTable, loadCouponReport, type CouponCell, type CouponType } from './reports.ts';
import { reportStatus, useReport } from './use-report.ts';
import './reports.css';

const TYPES: readonly CouponType[] = ['discount', 'rebate'];
const TYPE_LABEL: Record<CouponType, string> = { discount: 'Discount', rebate: 'Rebate' };

/** "3", or "3 (1 not yet e-mailed)" while a coupon's e-mail is still on its way; "–" for a type not offered. */
function cellText(cell: CouponCell | undefined): string {
  if (!cell) return '–';
  const waiting = cell.issued - cell.sent;
  return waiting > 0 ? `${cell.issued} (${waiting} not yet e-mailed)` : String(cell.issued);
}

export function CouponReportPage() {
  const load = useCallback((client: Parameters<typeof loadCouponReport>[0], signal: AbortSignal) => loadCouponReport(client, signal), []);
  const report = useReport('coupons', load, null);
  const captionId = useId();
  const table = report.data && couponTable(report.data);

  return (
    <main className="page report-page">
      <ConsoleNav />
      <h1>Coupon report</h1>
      <div className="report-actions">
        <button type="button" className="secondary" onClick={report.refresh} disabled={report.loading}>
          {report.loading ? 'Refreshing…' : 'Refresh'}
        </button>
        <p className={`report-status${report.error ? ' is-error' : ''}`} role="status" aria-live="polite">
          {reportStatus(report)}
        </p>
      </div>
      {!table ? (
        !report.error && <Loading>Loading the coupon report…</Loading>
      ) : table.advertisers.length === 0 ? (
        <Empty>No advertiser offers a voucher yet, and no coupons have been issued.</Empty>
      ) : (
        <table className="report-table coupon-table" aria-labelledby={captionId}>
          <caption id={captionId}>{`Coupons issued: ${table.totals.issued}`}</caption>
          <thead>
            <tr>
              <th scope="col">Advertiser</th>
              {TYPES.map((t) => (
                <th key={t} scope="col" className="num">
                  {TYPE_LABEL[t]}
                </th>
              ))}
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {table.advertisers.map((a) => (
              <tr key={a.advertiser_id}>
                <th scope="row">{a.company_name}</th>
                {TYPES.map((t) => (
                  <td key={t} className="num">
                    {cellText(a.byType[t])}
                  </td>
                ))}
                <td className="num">{a.issued}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {TYPES.map((t) => (
                <td key={t} className="num">
                  {cellText(table.totals[t])}
                </td>
              ))}
              <td className="num">{table.totals.issued}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="report-note">
        Counts of the coupons sent to signed-in visitors, one per visitor, advertiser and voucher type. “–”: the advertiser does not offer that voucher.
      </p>
    </main>
  );
}
