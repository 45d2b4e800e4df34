'use client';

import { useEffect, useState } from 'react';

/**
 * The value of a select whose choice navigates to a new URL: the choice shows at once, and whenever the
 * URL's value changes (the navigation arriving, Back, Forward) the select shows the URL's value. The select
 * stays the same element throughout, so the focus stays on it.
 *
 * A page the browser restores from its back/forward cache comes back as it was left: a choice whose
 * navigation had not arrived is dropped there, and the select shows the value of its URL.
 */
export function useUrlChoice(urlValue: string): [string, (value: string) => void] {
  const [choice, setChoice] = useState({ value: urlValue, url: urlValue });
  let current = choice;
  if (choice.url !== urlValue) {
    // React's pattern for state that follows a prop: set during render, before anything is drawn.
    current = { value: urlValue, url: urlValue };
    setChoice(current);
  }

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setChoice({ value: urlValue, url: urlValue });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [urlValue]);

  return [current.value, (value: string) => setChoice({ value, url: urlValue })];
}
