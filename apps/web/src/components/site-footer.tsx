import Link from 'next/link';
import { messages } from '../lib/messages';
import { primaryLinks } from './primary-links';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={messages.footer.navLabel}>
          <ul className="footer-links">
            {primaryLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__sources">{messages.footer.sources}</p>
        <p className="site-footer__copyright">{messages.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
