// The full-screen menu overlay of small screens (SPEC §2). It covers the page, so it behaves as a modal:
// Tab cycles between the toggle and the overlay's links, Escape closes it and gives focus back to the toggle.
import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';

export function MenuOverlay({
  links,
  toggle,
  onClose,
}: {
  links: readonly { to: string; label: string }[];
  toggle: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const button = toggle.current;
      const items = [...(navRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        button?.focus();
        return;
      }
      if (e.key !== 'Tab' || !button || items.length === 0) return;
      const cycle = [button, ...items];
      const at = cycle.indexOf(document.activeElement as HTMLAnchorElement);
      // Focus outside the cycle (after a click elsewhere) comes back into it.
      const next = at === -1 ? 0 : (at + (e.shiftKey ? -1 : 1) + cycle.length) % cycle.length;
      e.preventDefault();
      cycle[next]!.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toggle, onClose]);

  return (
    // Following a link closes the overlay.
    <nav id="menu-overlay" ref={navRef} className="menu-overlay" aria-label="Menu" onClick={onClose}>
      {links.map((n) => (
        <NavLink key={n.to} to={n.to}>
          {n.label}
        </NavLink>
      ))}
    </nav>
  );
}
