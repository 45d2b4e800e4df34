import { compareStyle, type CompareSymbol } from '@portal/charts';
import styles from './compare.module.css';

/** The shapes of the chart's markers (ECharts' symbols), drawn in a 12 × 12 box for the legend. */
const SYMBOL_SHAPES: Record<CompareSymbol, string> = {
  circle: 'M6 1.5a4.5 4.5 0 1 0 0.001 0Z',
  rect: 'M1.5 1.5h9v9h-9Z',
  triangle: 'M6 1l5 9.5H1Z',
  diamond: 'M6 0.5l5 5.5-5 5.5-5-5.5Z',
  arrow: 'M6 0.5l5 11-5-3-5 3Z',
};

/** A territory's colour and marker on a line, as the chart draws them (/confronta and its embed). */
export function Swatch({ index }: { index: number }) {
  const { color, symbol } = compareStyle(index);
  return (
    <svg className={styles.swatch} viewBox="0 0 28 12" width="28" height="12" aria-hidden="true">
      <path d="M0 6h28" stroke={color} strokeWidth="2.5" />
      <path d={SYMBOL_SHAPES[symbol]} transform="translate(8 0)" fill={color} />
    </svg>
  );
}

/** The chart's legend: each territory's swatch and name, in the order of the lines (HTML: it wraps). */
export function CompareLegend({ names, label }: { names: readonly string[]; label: string }) {
  return (
    <ul className={styles.legend} aria-label={label}>
      {names.map((name, index) => (
        <li key={name}>
          <Swatch index={index} />
          {name}
        </li>
      ))}
    </ul>
  );
}
