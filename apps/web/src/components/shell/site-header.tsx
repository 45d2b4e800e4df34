'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../lib/messages';
import { useAuthModals } from './auth-modals';
import { LicenseBadge } from './license-badge';
import { projectLinks } from './nav-links';
import { useSession } from './session-provider';

// Shown only to a signed-in visitor, once the session is read in the browser: its React Aria menu is not
// part of the first load.
const AccountMenu = dynamic(() => import('./account-menu').then((m) => m.AccountMenu), { ssr: false });

/** Where the full menu shows and the button goes (shell.css, md). */
const FULL_MENU_QUERY = '(min-width: 800px)';

/** SPEC §2: sticky header; the menu collapses behind a button below 800px (md). */
export function SiteHeader() {
  const { user, ready } = useSession();
  const { openModal } = useAuthModals();
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);

  // A navigation closes the collapsed menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const closeMenu = () => setMenuOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The last pointerdown inside the header, in React's tree: that tree holds what the header shows in a
  // portal too (the 'Area riservata' popover), which the DOM's would place outside it. Seen in the capture
  // phase: React Aria's buttons stop the bubbling of their presses.
  const insidePointer = useRef<Event | null>(null);

  // The open collapsed menu closes as the desktop dropdown does: on Escape (the focus back on its button),
  // on a pointer pressed outside the header, and when the screen becomes wide enough for the full menu.
  useEffect(() => {
    if (!menuOpen) return;
    const wide = window.matchMedia(FULL_MENU_QUERY);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    // React's own listeners run first (registered when the page was hydrated): the flag is set by then.
    const onPointerDown = (event: PointerEvent) => {
      if (event !== insidePointer.current) setMenuOpen(false);
    };
    const onWidth = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    wide.addEventListener('change', onWidth);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      wide.removeEventListener('change', onWidth);
    };
  }, [menuOpen]);

  return (
    <header
      className="shell-header"
      onPointerDownCapture={(event) => {
        insidePointer.current = event.nativeEvent;
      }}
    >
      <div className="container shell-header__inner">
        <Link href="/" className="shell-header__brand" aria-label={messages.header.homeLinkLabel}>
          <svg
            aria-hidden="true"
            focusable="false"
            width="28"
            height="28"
            viewBox="0 0 28 28"
            className="shell-header__logo"
          >
            <circle cx="14" cy="14" r="13" fill="currentColor" />
            <path
              d="M9 15.5l3 3 7-8"
              fill="none"
              stroke="#fff"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="shell-header__brand-text">{messages.portalName}</span>
        </Link>
        {user ? <LicenseBadge status={user.licenseStatus} className="shell-header__badge" /> : null}
        <button
          ref={toggleRef}
          type="button"
          className="shell-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="shell-menu"
          aria-label={menuOpen ? messages.header.menuClose : messages.header.menuOpen}
          onClick={() => setMenuOpen((value) => !value)}
        >
          <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 22 22">
            {menuOpen ? (
              <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M3 6h16M3 11h16M3 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className="shell-header__toggle-label">{messages.header.menu}</span>
        </button>
        <div id="shell-menu" className="shell-menu" data-open={menuOpen}>
          <nav aria-label={messages.header.navLabel}>
            <ul className="shell-nav">
              {projectLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="shell-nav__link"
                    aria-current={pathname === link.href ? 'page' : undefined}
                    onClick={closeMenu}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {/* Hidden (its room kept) until the browser knows the session: no 'Accedi' flash for a signed-in user. */}
          <div className="shell-auth" data-pending={!ready || undefined}>
            {user ? (
              <AccountMenu onChoose={closeMenu} />
            ) : (
              <>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => {
                    closeMenu();
                    openModal('signup');
                  }}
                >
                  {messages.header.signup}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    closeMenu();
                    openModal('login');
                  }}
                >
                  {messages.header.login}
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
