'use client';

import { useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import styles from './explorer.module.css';

interface Tip {
  text: string;
  x: number;
  y: number;
  /** In the right half / the lower half of the map: the box goes to the left / above the point. */
  left: boolean;
  above: boolean;
}

/** The map area (a link with data-area-id) an event happened on. */
function areaOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('a[data-area-id]') : null;
}

/**
 * The name and value of the map area under the pointer or with the keyboard focus, in a box next to it.
 * The map stays server-rendered SVG; this wrapper only listens. The box repeats the link's accessible name,
 * so it is hidden from screen readers.
 */
export function MapTooltip({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);

  function show(area: Element | null, at: (frame: DOMRect) => { x: number; y: number }) {
    const text = area?.getAttribute('aria-label');
    if (!area || !text || !box.current) {
      setTip(null);
      return;
    }
    const frame = box.current.getBoundingClientRect();
    const { x, y } = at(frame);
    setTip({ text, x, y, left: x > frame.width / 2, above: y > frame.height / 2 });
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'touch') return;
    show(areaOf(event.target), (frame) => ({
      x: event.clientX - frame.left,
      y: event.clientY - frame.top,
    }));
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const area = areaOf(event.target);
    show(area, (frame) => {
      const shape = area!.getBoundingClientRect();
      return { x: shape.left + shape.width / 2 - frame.left, y: shape.top + shape.height / 2 - frame.top };
    });
  };

  // Kept inside the map's box, away from the pointer.
  const style = tip
    ? {
        left: tip.x,
        top: tip.y,
        transform: `translate(${tip.left ? 'calc(-100% - 12px)' : '12px'}, ${
          tip.above ? 'calc(-100% - 12px)' : '12px'
        })`,
      }
    : undefined;

  return (
    <div
      ref={box}
      className={styles.mapBox}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setTip(null)}
      onFocus={onFocus}
      onBlur={() => setTip(null)}
    >
      {children}
      {tip && (
        <div className={styles.mapTooltip} style={style} aria-hidden="true" data-testid="map-tooltip">
          {tip.text}
        </div>
      )}
    </div>
  );
}
