'use client';

import Link from 'next/link';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../../lib/messages';
import { privateLinks } from './nav-links';
import { useSession } from './session-provider';

/**
 * The 'Area riservata' dropdown (a disclosure button and a list): closes on an outside click, on resize,
 * on a choice, on Escape (focus back on the button) and when focus leaves it; arrow keys move between items.
 */
export function AccountMenu({ onChoose }: { onChoose?(): void }) {
  const { user, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    window.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.account-menu__item') ?? []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End')
      return;
    const list = items();
    if (list.length === 0) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() =>
        items()[event.key === 'ArrowUp' || event.key === 'End' ? items().length - 1 : 0]?.focus(),
      );
      return;
    }
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next = 0;
    if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % list.length;
    else if (event.key === 'ArrowUp') next = index <= 0 ? list.length - 1 : index - 1;
    else if (event.key === 'End') next = list.length - 1;
    list[next]?.focus();
  };

  const choose = () => {
    close();
    onChoose?.();
  };

  return (
    <div
      className="account-menu"
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {messages.header.privateArea}
        <svg
          aria-hidden="true"
          focusable="false"
          width="12"
          height="12"
          viewBox="0 0 12 12"
          className="account-menu__caret"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="account-menu__list" hidden={!open}>
        {privateLinks(user).map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="account-menu__item" onClick={choose}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              choose();
              void signOut();
            }}
          >
            {messages.header.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}
