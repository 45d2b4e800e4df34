'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import {
  Button,
  I18nProvider,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  RouterProvider,
} from 'react-aria-components';
import { messages } from '../../lib/messages';
import { privateLinks } from './nav-links';
import { useSession } from './session-provider';

/**
 * The 'Area riservata' menu button (React Aria's MenuTrigger and Menu: Enter, Space and the arrows open
 * it, the arrows move between items, Escape and an outside click close it with the focus back on the
 * button). A choice closes it, and so does a resize: the popup would no longer sit under its button.
 */
export function AccountMenu({ onChoose }: { onChoose?(): void }) {
  const { user, signOut } = useSession();
  const router = useRouter();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    window.addEventListener('resize', close);
    return () => window.removeEventListener('resize', close);
  }, [open]);

  return (
    <div className="account-menu">
      {/* The menu's links go through Next's router, as the header's other links do; the library's own
          texts (its dismiss button for screen readers) are Italian, whatever the browser's language. */}
      <I18nProvider locale="it-IT">
        <RouterProvider navigate={(href) => router.push(href)}>
          <MenuTrigger isOpen={open} onOpenChange={setOpen}>
            <Button className="account-menu__button">
              {messages.header.privateArea}
              <svg
                aria-hidden="true"
                focusable="false"
                width="12"
                height="12"
                viewBox="0 0 12 12"
                className="account-menu__caret"
              >
                <path
                  d="M2 4l4 4 4-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </Button>
            <Popover className="account-menu__popover" placement="bottom end" offset={6}>
              <Menu className="account-menu__list" onAction={() => onChoose?.()}>
                {privateLinks(user).map((link) => (
                  <MenuItem key={link.href} id={link.href} href={link.href} className="account-menu__item">
                    {link.label}
                  </MenuItem>
                ))}
                <MenuItem id="logout" className="account-menu__item" onAction={() => void signOut()}>
                  {messages.header.logout}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        </RouterProvider>
      </I18nProvider>
    </div>
  );
}
