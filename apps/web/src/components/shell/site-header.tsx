'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { messages } from '../../lib/messages';
import { useAuthModals } from './auth-modals';
import { LicenseBadge } from './license-badge';
import { projectLinks } from './nav-links';
import { useSession } from './session-provider';

// Shown only to a signed-in visitor, once the session is read in the browser: its React Aria menu is not
// part of the first load.
const AccountMenu = dynamic(() => import('./account-menu').then((m) => m.AccountMenu), { ssr: false });

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

  return (
    <header className="shell-header">
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
