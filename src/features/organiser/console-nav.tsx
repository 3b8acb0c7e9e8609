// The organiser console's pages, linked from each of them: the live schedule, the ring side, the two reports, the pen cards and the floor plan.
import './console-nav.css';
import { NavLink } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { FLOOR_PLAN_EDITOR_TEXTS } from './floor-plan-editor-texts.ts';
import { RING_SIDE_TEXTS } from './ring-side-texts.ts';

const CONSOLE_PAGES = [
  { to: '/organiser', label: 'Live schedule' },
  { to: paths.ringSide, label: RING_SIDE_TEXTS.navLabel },
  { to: '/organiser/results', label: 'Visitor’s Choice results' },
  { to: '/organiser/coupons', label: 'Coupon report' },
  { to: '/organiser/pen-cards', label: 'Pen cards' },
  { to: '/organiser/floor-plan', label: FLOOR_PLAN_EDITOR_TEXTS.navLabel },
] as const;

export function ConsoleNav() {
  return (
    <nav className="console-nav" aria-label="Organiser console">
      <ul>
        {CONSOLE_PAGES.map((p) => (
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
