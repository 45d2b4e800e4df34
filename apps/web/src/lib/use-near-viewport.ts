import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport "near" starts: about a screen ahead of the reader. */
const AHEAD = '100% 0px';

/**
 * Whether the element has come near the viewport (once true, it stays true): what lies far below the fold
 * (the charts, their code and their figures) costs nothing until the reader scrolls towards it. Only
 * effects should read it: on the server it is true, in the browser false until the element comes near.
 * `ahead` (a rootMargin) says how near: a screen ahead by default; '0px' waits until it is in sight.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, ahead: string = AHEAD): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: ahead },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, ahead]);
  return near;
}
