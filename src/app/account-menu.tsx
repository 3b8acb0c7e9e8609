// Sign in link, or the avatar's menu of Profile, Settings and Sign out (SPEC §2; organisers also get the console), with the keyboard of a
// WAI-ARIA menu button: opening focuses an item, ↑/↓/Home/End move, Escape closes back to the avatar.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signOut, useAuth } from '../data/backend.ts';
import { paths } from '../../shared/paths.ts';

const menuItems = (list: HTMLElement | null) => [...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

export function AccountMenu() {
  const { user } = useAuth();
  // Which item gets focus when the menu opens: the first, or the last (↑ on the avatar).
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const all = menuItems(listRef.current);
    all[open === 'first' ? 0 : all.length - 1]?.focus();
    // A press outside the menu closes it.
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!user) {
    return (
      <Link to="/login" className="sign-in">
        Sign in
      </Link>
    );
  }

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = menuItems(listRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      // Tab leaves the menu: it closes and focus moves on as usual.
      setOpen(false);
    }
  };

  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? 'account-menu-list' : undefined}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onKeyDown={onButtonKey}
      >
        {user.avatar_url ? <img src={user.avatar_url} alt="" width={32} height={32} /> : user.name.slice(0, 1).toUpperCase()}
      </button>
      {open && (
        // Choosing an entry closes the menu.
        <ul id="account-menu-list" ref={listRef} className="account-menu-list" role="menu" aria-label="Account" onClick={() => setOpen(false)} onKeyDown={onMenuKey}>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/profile">
              Profile
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/settings">
              Settings
            </Link>
          </li>
          {user.organiser && (
            // The way in for the show's organisers; a visitor's menu stays SPEC §2's three entries.
            <li role="none">
              <Link role="menuitem" tabIndex={-1} to="/organiser">
                Organiser console
              </Link>
            </li>
          )}
          {user.ringClerk && !user.organiser && (
            // A ring clerk's way in: the one console page that is theirs.
            <li role="none">
              <Link role="menuitem" tabIndex={-1} to={paths.ringSide}>
                Ring side
              </Link>
            </li>
          )}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={async () => {
                await signOut();
                navigate('/');
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
