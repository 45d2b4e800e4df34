import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  AREA_ONLY_STATISTICS,
  CITY_ONLY_STATISTICS,
  type AreaStats,
  type CityStats,
  type Measure,
  type Statistic,
  type StatisticKind,
} from '@portal/contract';
import {
  actionCountsBarOption,
  ANOMALY_MARK,
  compareAnomalyNotes,
  compareStyle,
  compareTrendOption,
  type CompareTable,
  countShareBarOption,
  figureCardOption,
  formatCompareValue,
  fractionSetsBarOption,
  fractionsBarOption,
  perCapitaTrendOption,
  perCapitaYears,
  PRIMARY_COLOR,
  rdTrendOption,
  shareBaseText,
  tonnesTrendOption,
} from '@portal/charts';

/** Size of exported images, in pixels; the PDF is an A4 landscape page with the same picture. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 750;
export const PORTAL_NAME = 'Osservatorio Raccolta Differenziata';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** Bundled fonts, so an export looks the same on every machine (no system fonts are read). */
export const FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};
const FONT_FAMILY = 'DejaVu Sans';

/**
 * ECharts lays out text (wrapping, the room for axis labels, label positions) with widths it measures.
 * On the server it has no canvas and guesses Arial-like widths, narrower than DejaVu Sans: labels then
 * run past the edge of the picture. It measures with the bundled fonts instead (pdfkit's metrics), so
 * the layout fits what resvg and the PDF draw.
 */
const measurer = new PDFDocument({ autoFirstPage: false });
measurer.registerFont('regular', FONTS.regular);
measurer.registerFont('bold', FONTS.bold);
export function measureText(text: string, font?: string): { width: number } {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
  const bold = /\bbold(er)?\b|\b[6-9]00\b/.test(font ?? '');
  return {
    width: measurer
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .widthOfString(text),
  };
}
echarts.setPlatformAPI({ measureText });

/** The titles of the page's cards and panels: the contract's, which the back-office's download log shows too. */
export { STATISTIC_TITLES } from '@portal/contract';

/** Italian slugs of the kinds, for file names (rifiuti-prodotti-regione-veneto-2024.png). */
export const STATISTIC_SLUGS: Record<StatisticKind, string> = {
  totalWasteProduced: 'rifiuti-prodotti',
  totalWasteSorted: 'raccolta-differenziata',
  totalWasteSortedPerCapita: 'raccolta-differenziata-pro-capite',
  wasteFractionsSet: 'frazioni-raccolte',
  wasteFractionsColors: 'frazioni-raccolte-colori',
  wasteSortingTypes: 'modalita-di-raccolta',
  wasteSortingType: 'modalita-e-frazioni-raccolte',
  mostUsedActionCategories: 'azioni-di-prevenzione-piu-diffuse',
  actionCategories: 'azioni-di-prevenzione',
  mostUsedWasteFractionsSet: 'combinazioni-di-frazioni',
  sortedPercentage: 'percentuale-raccolta-differenziata',
  rdTrend: 'andamento-percentuale-raccolta-differenziata',
  tonnesTrend: 'andamento-tonnellate',
  perCapitaTrend: 'andamento-rifiuti-per-abitante',
};

export class NoDataError extends Error {}

/** Where the picture's body (chart, table or card) lies: below the title, above the source line. */
const BODY_TOP = 120;
const BODY_BOTTOM = IMAGE_HEIGHT - 70;

/**
 * A single figure as a card, as the page's statistic card shows it: the value in large type with its
 * unit, the year, the comparison year's value and the change (or why there is none).
 */
function figurePicture(stat: Statistic, year: number, compareYear: number | null) {
  if (stat.value === null) throw new NoDataError(stat.missingReason ?? 'Nessun dato rilevato.');
  return {
    // The view's comparison year, whether or not this statistic has it (the card then says it lacks it):
    // one comparison year per view, in the file name as on the page (decision 072).
    comparedYear: compareYear,
    option: figureCardOption(stat, year, compareYear, {
      width: IMAGE_WIDTH,
      top: BODY_TOP,
      bottom: BODY_BOTTOM,
      fontFamily: FONT_FAMILY,
    }),
  };
}

const isCityStats = (s: AreaStats | CityStats): s is CityStats => 'wasteSortingType' in s;
/** A comune's years anomalous in the source, ringed on its trend charts as on its page (decision 070). */
const anomaliesOf = (s: AreaStats | CityStats) => (isCityStats(s) ? s.sourceAnomalies : undefined);

/** The line that says what a share chart's percentages are of, when the API gives its base. */
const baseOf = (section: { comuniTotal?: number | null }, text: (comuniTotal: number) => string) =>
  section.comuniTotal ? text(section.comuniTotal) : null;

/** What an export draws: the chart (or table), whether its data is demo data, whether it compares years. */
export interface StatisticPicture {
  option: echarts.EChartsCoreOption;
  demo: boolean;
  /** The year a total is compared with (said under the title and in the file name), or null. */
  comparedYear: number | null;
  /** The first and last year of a trend chart (said under the title and in the file name), or null. */
  span?: [number, number];
}

/** The page's names of the two lines of the tonnes and per-inhabitant charts (explorer messages). */
const TREND_LINES = { produced: 'Rifiuti urbani prodotti', sorted: 'Raccolta differenziata' };

/**
 * A trend chart as an export: the page's option without what only a screen has (the narrow-screen
 * variant, the tooltip); at least two years with data, as the page needs to show the chart.
 */
function trendPicture(option: echarts.EChartsCoreOption, years: readonly number[]): StatisticPicture {
  if (years.length < 2) throw new NoDataError('Nessun dato rilevato per almeno due anni.');
  const { media: _media, tooltip: _tooltip, legend, ...rest } = option as Record<string, unknown>;
  // The page's legend lies above its chart, where the picture has its title: it goes above the source line,
  // as the comparison's does (renderSvg leaves it room).
  // A chart with two legends (its lines above the plot, "Dato anomalo nella fonte" under it) has one here.
  const legends = (Array.isArray(legend) ? legend : legend ? [legend] : []) as { data?: unknown[] }[];
  const moved = legends[0]
    ? {
        legend: {
          ...legends[0],
          ...(legends.length > 1 ? { data: legends.flatMap((l) => l.data ?? []) } : {}),
          top: undefined,
          bottom: LEGEND_BOTTOM,
          left: 32,
          textStyle: { fontFamily: FONT_FAMILY, fontSize: 15, color: '#1c2321' },
        },
      }
    : {};
  return { option: { ...rest, ...moved }, demo: false, comparedYear: null, span: [years[0]!, years.at(-1)!] };
}

/**
 * The picture of one statistic kind, drawn as the page draws it (apps/web explorer: stat-cards.tsx,
 * stat-panels.tsx, stat-chart.tsx) with the same builders of packages/charts:
 * - the totals: the page's card (figureCardOption): the value, the year, the comparison;
 * - wasteFractionsSet (and wasteFractionsColors, the fractions in their colours): fractionsBarOption,
 *   with the tonnes no fraction accounts for as a last bar;
 * - wasteSortingTypes, mostUsedActionCategories (Italy, regions, provinces): countShareBarOption, with
 *   the base of the percentages under the title;
 * - wasteSortingType (a comune): the page's table of modes and the fractions each collects;
 * - actionCategories (a comune): actionCountsBarOption, the number of actions per category;
 * - mostUsedWasteFractionsSet (Italy, regions, provinces): fractionSetsBarOption, with its base.
 * A statistic without data throws NoDataError with the reason the page shows.
 */
export function statisticPicture(kind: StatisticKind, s: AreaStats | CityStats): StatisticPicture {
  const section = <T>(x: { items: T[]; demo: boolean; missingReason: string | null }) => {
    if (x.items.length === 0) throw new NoDataError(x.missingReason ?? 'Nessun dato rilevato.');
    return x.items;
  };
  const chart = (option: echarts.EChartsCoreOption, demo: boolean) => ({ option, demo, comparedYear: null });
  const city = isCityStats(s);
  if (city ? AREA_ONLY_STATISTICS.includes(kind) : CITY_ONLY_STATISTICS.includes(kind)) {
    throw new Error(`${kind} is not drawn at this level`); // the query schema refuses it first (400)
  }
  switch (kind) {
    case 'totalWasteProduced':
    case 'totalWasteSorted':
    case 'totalWasteSortedPerCapita':
    case 'sortedPercentage':
      return { ...figurePicture(s[kind], s.year, s.compareYear), demo: false };
    case 'rdTrend':
      return trendPicture(
        rdTrendOption(s.rdTrend, { span: s.availableYears, anomalies: anomaliesOf(s) }),
        s.rdTrend.map((p) => p.year),
      );
    case 'tonnesTrend':
      return trendPicture(
        tonnesTrendOption(s.tonnesTrend, {
          span: s.availableYears,
          names: TREND_LINES,
          anomalies: anomaliesOf(s),
        }),
        s.tonnesTrend.map((p) => p.year),
      );
    case 'perCapitaTrend':
      return trendPicture(
        perCapitaTrendOption(s.perCapitaTrend, TREND_LINES, s.availableYears, anomaliesOf(s)),
        perCapitaYears(s.perCapitaTrend).map((p) => p.year),
      );
    case 'wasteFractionsSet':
    case 'wasteFractionsColors':
      return chart(
        fractionsBarOption(section(s.wasteFractionsSet), s.totalWasteSorted.value),
        s.wasteFractionsSet.demo,
      );
    case 'wasteSortingTypes':
      return chart(
        countShareBarOption(section(s.wasteSortingTypes), {
          subtitle: baseOf(s.wasteSortingTypes, (n) => shareBaseText('modes', n)),
        }),
        s.wasteSortingTypes.demo,
      );
    case 'mostUsedActionCategories':
      return chart(
        countShareBarOption(section(s.mostUsedActionCategories), {
          subtitle: baseOf(s.mostUsedActionCategories, (n) => shareBaseText('actions', n)),
        }),
        s.mostUsedActionCategories.demo,
      );
    case 'wasteSortingType': {
      const modes = section((s as CityStats).wasteSortingType);
      return chart(
        tableOption(
          [
            { label: 'Modalità', width: 360 },
            { label: 'Frazioni raccolte', width: IMAGE_WIDTH - 64 - 360 },
          ],
          modes.map((m) => [m.name, m.fractions.map((f) => f.name).join(', ') || '—']),
          (n) => (n === 1 ? '… e un’altra modalità' : `… e altre ${n} modalità`),
        ),
        (s as CityStats).wasteSortingType.demo,
      );
    }
    case 'actionCategories':
      return chart(
        actionCountsBarOption(section((s as CityStats).actionCategories)),
        (s as CityStats).actionCategories.demo,
      );
    case 'mostUsedWasteFractionsSet':
      return chart(
        fractionSetsBarOption(section(s.mostUsedWasteFractionsSet), {
          subtitle: baseOf(s.mostUsedWasteFractionsSet, (n) => shareBaseText('sets', n, s.year)),
        }),
        s.mostUsedWasteFractionsSet.demo,
      );
  }
}

/** The titles of /confronta's chart per measure (apps/web compare messages), so the export reads like the page. */
export const COMPARE_TITLES: Record<Measure, string> = {
  rd: 'La percentuale di raccolta differenziata negli anni',
  kg: 'I rifiuti urbani prodotti per abitante negli anni',
  tonnellate: 'I rifiuti urbani prodotti negli anni',
};

/** Italian slugs of the measures, for file names (confronto-raccolta-differenziata-…-2015-2024.png). */
export const COMPARE_SLUGS: Record<Measure, string> = {
  rd: 'raccolta-differenziata',
  kg: 'rifiuti-pro-capite',
  tonnellate: 'rifiuti-prodotti',
};

/** Where the legend lies in a comparison's picture: above the source line (renderSvg leaves it room). */
const LEGEND_BOTTOM = 56;

/**
 * The chart of /confronta as an export: the page's option (compareTrendOption of packages/charts, the
 * same lines, colours, markers, gaps and 65% target) with the legend the page draws in HTML above it, as
 * an ECharts legend in the same order (each line's colour and marker). The hollow marker of an estimate
 * is said above the chart, as the page's note says it under the table.
 */
export function comparePicture(table: CompareTable): echarts.EChartsCoreOption {
  const series = table.columns.map((c) => ({
    name: c.name,
    values: c.values,
    ...(c.estimates.some(Boolean) ? { estimates: c.estimates } : {}),
  }));
  const option = compareTrendOption({ years: table.years, unit: table.unit, series }) as Record<
    string,
    unknown
  >;
  const { media: _media, tooltip: _tooltip, ...rest } = option;
  const estimates = series.some((s) => 'estimates' in s);
  return {
    ...rest,
    ...(estimates
      ? {
          title: {
            text: 'Simbolo vuoto: stima (per una parte dei comuni la fonte riporta solo la percentuale)',
          },
        }
      : {}),
    legend: {
      bottom: LEGEND_BOTTOM,
      left: 32,
      right: 32,
      itemGap: 24,
      itemWidth: 28,
      itemHeight: 12,
      textStyle: { fontFamily: FONT_FAMILY, fontSize: 15, color: '#1c2321' },
      data: table.columns.map((c, i) => ({ name: c.name, icon: compareStyle(i).symbol })),
    },
  };
}

/** A table of values printed on a PDF page of its own after the picture (the /confronta comparison's). */
export interface ValuesTable {
  title: string;
  header: string[];
  rows: string[][];
  notes: string[];
}

/**
 * The values of a comparison as /confronta's table shows them: a row per year, a column per territory,
 * '—' for a year without a figure, '*' after an estimate and '⚠' after a figure anomalous in the source,
 * with the unit in the title and the notes that explain the marks.
 */
export function compareValuesTable(table: CompareTable): ValuesTable {
  const estimates = table.columns.some((c) => c.estimates.some(Boolean));
  const gaps = table.columns.some((c) => c.values.some((v) => v === null));
  const unit = table.unit === '%' ? '%' : table.unit === 't' ? 'tonnellate' : 'kg per abitante';
  return {
    title: `I valori del grafico (${unit})`,
    header: ['Anno', ...table.columns.map((c) => c.name)],
    rows: table.years.map((year, i) => [
      String(year),
      ...table.columns.map((c) => {
        const value = c.values[i] ?? null;
        if (value === null) return '—';
        return (
          formatCompareValue(value, table.unit, { bare: true }) +
          (c.estimates[i] ? '*' : '') +
          (c.anomalies[i] ? ` ${ANOMALY_MARK}` : '')
        );
      }),
    ]),
    notes: [
      ...(estimates
        ? [
            '* Stima: per una parte dei comuni la fonte riporta solo la percentuale; le percentuali dei comuni sono pesate sulla loro produzione di rifiuti.',
          ]
        : []),
      ...(gaps
        ? ['«—»: nessun dato per quell’anno (nessuna fonte pubblica nel portale, o la fonte non lo riporta).']
        : []),
      // The figures anomalous in the source (decision 070), as the page's notes say them.
      ...compareAnomalyNotes(table),
    ],
  };
}

/** Prints a values table from the top of a new page: a header row, a row per year, then the notes. */
function printValuesTable(doc: PDFKit.PDFDocument, table: ValuesTable, source: string) {
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = doc.page.height - 36;
  const columnWidth = width / table.header.length;
  const rowHeight = 18;
  const row = (cells: string[], bold: boolean) => {
    if (doc.y + rowHeight > bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'DejaVu-Bold' : 'DejaVu').fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(cell, left + i * columnWidth + 4, y + 4, {
        width: columnWidth - 8,
        align: i === 0 ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc.y = y + rowHeight;
    doc.x = left;
  };
  doc.addPage();
  doc.font('DejaVu-Bold').fontSize(14).text(table.title, left, 36, { width });
  doc.moveDown(0.5);
  row(table.header, true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(PRIMARY_COLOR)
    .stroke();
  for (const cells of table.rows) row(cells, false);
  doc.moveDown(1);
  doc.font('DejaVu').fontSize(9).fillColor('#4a5551');
  for (const note of table.notes) doc.text(note, left, doc.y, { width });
  doc.text(`${source} · ${PORTAL_NAME}`, left, doc.y, { width });
}

const TABLE_TOP = BODY_TOP;
const TABLE_BOTTOM = BODY_BOTTOM;

/** Words of text in lines of at most maxChars characters (a longer word gets a line of its own). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : [''];
}

/**
 * A table as ECharts graphic elements (the export of a statistic the page shows as a table): a header
 * row, then one row per item with its cells wrapped on several lines. The font shrinks from 16 to 12 px
 * until the rows fit; rows that still do not fit are summed up in a last row (`more(n)`).
 */
export function tableOption(
  columns: { label: string; width: number }[],
  rows: string[][],
  more: (hidden: number) => string,
): echarts.EChartsCoreOption {
  const layout = (fontSize: number, shown: string[][]) => {
    // DejaVu Sans averages about 0.6 em per character: wrap a little before the cell's edge.
    const lineHeight = Math.round(fontSize * 1.4);
    return shown.map((row) => {
      const cells = row.map((text, i) =>
        wrapText(text, Math.floor((columns[i]!.width - 24) / (fontSize * 0.6))),
      );
      return { cells, height: Math.max(...cells.map((c) => c.length)) * lineHeight + 16 };
    });
  };
  let fontSize = 16;
  let laid = layout(fontSize, rows);
  const height = (r: { height: number }[], size: number) =>
    Math.round(size * 1.4) + 16 + r.reduce((sum, x) => sum + x.height, 0);
  while (fontSize > 12 && height(laid, fontSize) > TABLE_BOTTOM - TABLE_TOP) {
    fontSize -= 2;
    laid = layout(fontSize, rows);
  }
  if (height(laid, fontSize) > TABLE_BOTTOM - TABLE_TOP) {
    let keep = rows.length - 1;
    const cut = (n: number) => layout(fontSize, [...rows.slice(0, n), [more(rows.length - n)]]);
    while (keep > 0 && height(cut(keep), fontSize) > TABLE_BOTTOM - TABLE_TOP) keep--;
    laid = cut(keep);
  }
  const lineHeight = Math.round(fontSize * 1.4);
  const elements: object[] = [];
  const cellText = (lines: string[], x: number, y: number, bold: boolean) => ({
    type: 'text',
    x: x + 12,
    y: y + 8,
    style: {
      text: lines.join('\n'),
      fontFamily: FONT_FAMILY,
      fontSize,
      fontWeight: bold ? 'bold' : 'normal',
      lineHeight,
      fill: '#1c2321',
      verticalAlign: 'top',
    },
  });
  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  let y = TABLE_TOP;
  let x = 32;
  for (const c of columns) {
    elements.push(cellText([c.label], x, y, true));
    x += c.width;
  }
  y += lineHeight + 16;
  elements.push({
    type: 'rect',
    shape: { x: 32, y: y - 2, width: totalWidth, height: 2 },
    style: { fill: PRIMARY_COLOR },
  });
  laid.forEach((row, index) => {
    if (index % 2 === 1) {
      elements.push({
        type: 'rect',
        shape: { x: 32, y, width: totalWidth, height: row.height },
        style: { fill: '#f1f5f2' },
      });
    }
    x = 32;
    row.cells.forEach((lines, i) => {
      elements.push(cellText(lines, x, y, i === 0));
      x += columns[i]!.width;
    });
    y += row.height;
  });
  return { graphic: elements };
}

export interface ExportHeading {
  title: string;
  /** e.g. "Veneto · 2024 (confronto con il 2023)" */
  subtitle: string;
  /** e.g. "Fonte: ISPRA, Catasto rifiuti" */
  source: string;
}

/**
 * The statistic as an SVG document: title, area and year above (and the chart's own subtitle, e.g. the
 * base of its percentages), source and portal name below. The chart keeps the right margin its builder
 * reserved for the value labels.
 */
export function renderSvg(option: echarts.EChartsCoreOption, heading: ExportHeading): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
  });
  try {
    const {
      grid,
      graphic = [],
      title,
      ...rest
    } = option as {
      legend?: unknown;
      grid?: { right?: number };
      graphic?: object[];
      title?: { text?: string };
    };
    const chartSubtitle = title?.text;
    chart.setOption({
      ...rest,
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: FONT_FAMILY },
      title: [
        {
          text: heading.title,
          subtext: heading.subtitle,
          left: 32,
          top: 24,
          itemGap: 14,
          textStyle: { fontFamily: FONT_FAMILY, fontSize: 26, fontWeight: 'bold', color: '#1c2321' },
          subtextStyle: { fontFamily: FONT_FAMILY, fontSize: 17, color: '#4a5551' },
        },
        ...(chartSubtitle
          ? [
              {
                text: chartSubtitle,
                left: 32,
                top: 96,
                textStyle: { fontFamily: FONT_FAMILY, fontSize: 15, fontWeight: 'normal', color: '#4a5551' },
              },
            ]
          : []),
      ],
      ...(grid
        ? {
            grid: {
              ...grid,
              left: 32,
              right: Math.max(32, grid.right ?? 0),
              top: chartSubtitle ? 130 : 110,
              // A legend (the comparison's) lies between the chart and the source line: up to two rows.
              bottom: rest.legend ? 70 + LEGEND_BOTTOM : 70,
              containLabel: true,
            },
          }
        : {}),
      graphic: [
        ...graphic,
        {
          type: 'text',
          left: 32,
          bottom: 24,
          style: {
            text: `${heading.source} · ${PORTAL_NAME}`,
            fontFamily: FONT_FAMILY,
            fontSize: 14,
            fill: '#4a5551',
          },
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: IMAGE_WIDTH },
    background: '#ffffff',
    font: { fontFiles: [FONTS.regular, FONTS.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}

export async function svgToJpeg(svg: string): Promise<Buffer> {
  return sharp(svgToPng(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * The picture in the format asked: every export (a statistic, the comparison) goes through here. A PDF
 * also prints `values` (the comparison's table) on a page of its own.
 */
export function encodePicture(
  svg: string,
  format: 'png' | 'jpg' | 'pdf',
  heading: ExportHeading,
  values?: ValuesTable,
) {
  return format === 'png'
    ? Promise.resolve(svgToPng(svg))
    : format === 'jpg'
      ? svgToJpeg(svg)
      : svgToPdf(svg, heading, values);
}

/**
 * An A4 landscape PDF with the title as text (searchable) and the chart as vectors; then, with `values`,
 * the table of the chart's values as text.
 */
export function svgToPdf(svg: string, heading: ExportHeading, values?: ValuesTable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: heading.title, Subject: heading.subtitle, Author: PORTAL_NAME, Creator: PORTAL_NAME },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('DejaVu', FONTS.regular);
    doc.registerFont('DejaVu-Bold', FONTS.bold);
    const width = doc.page.width - 72;
    SVGtoPDF(doc, svg, 36, 36, {
      width,
      height: (width * IMAGE_HEIGHT) / IMAGE_WIDTH,
      // Scales the 1200 px picture to the page: without it the SVG is laid out at 1 px = 0.75 pt, wider
      // than the page, and whatever lies right of 1030 px (the longest bar's value) is cut off.
      preserveAspectRatio: 'xMinYMin meet',
      fontCallback: (_family: string, bold: boolean) => (bold ? 'DejaVu-Bold' : 'DejaVu'),
    });
    if (values) printValuesTable(doc, values, heading.source);
    doc.end();
  });
}
