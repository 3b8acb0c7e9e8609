import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';

const NAV = [
  { to: '/breeds', label: 'Breeds' },
  { to: '/kittens', label: 'Kittens' },
  { to: '/breeders', label: 'Breeders' },
  { to: '/pet-products', label: 'Pet Products' },
  { to: '/visitors-choice', label: "Visitor's Choice" },
  { to: '/schedule', label: 'Schedule' },
] as const;

const CONSENT_KEY = 'cookie-consent';

function CookieBanner() {
  const [visible, setVisible] = useState(() => localStorage.getItem(CONSENT_KEY) === null);
  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies to remember your choices and, with your consent, to count page views. Read our{' '}
        <Link to="/privacy">privacy policy</Link>.
      </p>
      <button
        type="button"
        onClick={() => {
          localStorage.setItem(CONSENT_KEY, 'true');
          setVisible(false);
        }}
      >
        Accept
      </button>
      <button type="button" className="icon-button" aria-label="Close" onClick={() => setVisible(false)}>
        ×
      </button>
    </section>
  );
}

export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          PurrFect Show
        </Link>
        <nav aria-label="Main" className="main-nav">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <Link to="/login" className="sign-in">
          Sign in
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="menu-overlay"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      {menuOpen && (
        // Following a link closes the overlay.
        <nav id="menu-overlay" className="menu-overlay" aria-label="Menu" onClick={() => setMenuOpen(false)}>
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to}>
              {n.label}
            </NavLink>
          ))}
        </nav>
      )}
      <Outlet />
      <footer className="site-footer">
        <nav aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </footer>
      <footer className="site-copyright">
        <p>© {new Date().getFullYear()} PurrFect Show</p>
      </footer>
      <CookieBanner />
    </>
  );
}
