'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

/**
 * Choosing in a picker of the explorer shows the new state at once: a client-side navigation to its URL
 * (no reload, no scroll). The pickers stay plain GET forms, whose submit button is for browsers without
 * JavaScript.
 *
 * The focus stays on the control chosen in: the pickers are not re-created for the new URL, their selects
 * hold the URL's values through `useUrlChoice` (the navigation arriving, Back and Forward show that URL's
 * values in the same elements). A keyboard user can go on choosing with the arrow keys.
 */
export function useExplorerNavigation() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const navigate = (href: string) => startTransition(() => router.push(href, { scroll: false }));
  return { navigate, pending };
}
