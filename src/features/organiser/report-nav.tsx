// The organiser console's pages, linked from each report: back to the live schedule and across to the other report.
import { NavLink } from 'react-router';

export const ORGANISER_PAGES = [
  { to: '/organiser', label: 'Live schedule' },
  { to: '/organiser/results', label: 'Visitor’s Choice results' },
  { to: '/organiser/coupons', label: 'Coupon report' },
] as const;

export function ReportNav() {
  return (
    <nav className="report-nav" aria-label="Organiser console">
      <ul>
        {ORGANISER_PAGES.map((p) => (
          <li key={p.to}>
            <NavLink to={p.to} end>
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
