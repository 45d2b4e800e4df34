import Link from 'next/link';
import { messages } from '../lib/messages';
import { primaryLinks } from './primary-links';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand" aria-label={messages.header.homeLinkLabel}>
          {messages.portalName}
        </Link>
        <nav aria-label={messages.header.navLabel}>
          <ul className="site-nav">
            {primaryLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="site-nav__link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
