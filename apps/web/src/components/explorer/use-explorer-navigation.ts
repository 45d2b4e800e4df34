'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useTransition, type RefObject } from 'react';

/**
 * Choosing in a picker of the explorer shows the new state at once: a client-side navigation to its URL
 * (no reload; scroll and focus stay on the control). The pickers stay plain GET forms, whose submit button
 * is for browsers without JavaScript.
 *
 * The controls hold the values of the URL they were rendered for (each picker is keyed by the state), so
 * Back and Forward, which render the state of the URL they reach, show that state's values. A page the
 * browser restores from its back/forward cache comes back as it was left: its forms are reset to the
 * values they were rendered with, those of its URL.
 */
export function useExplorerNavigation(form: RefObject<HTMLFormElement | null>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) form.current?.reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [form]);

  const navigate = (href: string) => startTransition(() => router.push(href, { scroll: false }));
  return { navigate, pending };
}
