'use client';

import Link from 'next/link';
import { messages } from '../../lib/messages';
import { useAuthModals } from './auth-modals';
import { useCookiePreferences } from './cookie-banner';
import { footerDataLinks, legalLinks, privateLinks, projectLinks } from './nav-links';
import { useSession } from './session-provider';

/**
 * SPEC §2: project, account or private-area, legal (with the cookie preferences), consortium and social
 * links, the offices, the year.
 */
export function SiteFooter() {
  const { user, ready } = useSession();
  const { openModal } = useAuthModals();
  const cookiePreferences = useCookiePreferences();
  const year = new Date().getFullYear();

  return (
    <footer className="shell-footer">
      <div className="container shell-footer__grid">
        <nav aria-labelledby="footer-project" className="shell-footer__col">
          <h2 id="footer-project" className="shell-footer__title">
            {messages.footer.projectTitle}
          </h2>
          <ul>
            {[...projectLinks, ...footerDataLinks].map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <nav aria-labelledby="footer-private" className="shell-footer__col" data-testid="footer-private">
            <h2 id="footer-private" className="shell-footer__title">
              {messages.footer.privateTitle}
            </h2>
            <ul>
              {privateLinks(user).map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="shell-footer__col" data-testid="footer-account" data-pending={!ready || undefined}>
            <h2 className="shell-footer__title">{messages.footer.accountTitle}</h2>
            <ul>
              <li>
                <button type="button" className="link-button" onClick={() => openModal('login')}>
                  {messages.header.login}
                </button>
              </li>
              <li>
                <button type="button" className="link-button" onClick={() => openModal('signup')}>
                  {messages.header.signup}
                </button>
              </li>
            </ul>
          </div>
        )}
        <nav aria-labelledby="footer-legal" className="shell-footer__col">
          <h2 id="footer-legal" className="shell-footer__title">
            {messages.footer.legalTitle}
          </h2>
          <ul>
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
            <li>
              {/* Consent is withdrawn as easily as it was given: the banner opens again. */}
              <button type="button" className="link-button" onClick={cookiePreferences.reopen}>
                {messages.footer.cookiePreferences}
              </button>
            </li>
          </ul>
        </nav>
        <div className="shell-footer__col">
          <h2 className="shell-footer__title">{messages.footer.consortiumTitle}</h2>
          <p>
            <a href={messages.footer.consortiumUrl} target="_blank" rel="noopener noreferrer">
              {messages.footer.consortiumSite}
              <span className="visually-hidden"> {messages.footer.newWindow}</span>
            </a>
          </p>
          <address>
            <p>
              <strong>{messages.footer.registeredOfficeTitle}</strong>
              <br />
              {messages.footer.registeredOffice}
            </p>
            <p>
              <strong>{messages.footer.operationalOfficeTitle}</strong>
              <br />
              {messages.footer.operationalOffice}
            </p>
          </address>
        </div>
        <div className="shell-footer__col">
          <h2 className="shell-footer__title">{messages.footer.socialTitle}</h2>
          <ul className="shell-footer__social">
            {messages.footer.socialLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> {messages.footer.newWindow}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container shell-footer__bottom">
        <p>{messages.footer.sources}</p>
        <p data-testid="footer-copyright">
          {messages.footer.copyright(year)} · {messages.footer.consortiumName}
        </p>
      </div>
    </footer>
  );
}
