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
  type Statistic,
  type StatisticKind,
} from '@portal/contract';
import {
  actionCountsBarOption,
  countShareBarOption,
  formatValue,
  fractionSetsBarOption,
  fractionsBarOption,
  horizontalBarOption,
  PRIMARY_COLOR,
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

/** The titles of the page's cards and panels (apps/web explorer messages), so an export reads like the page. */
export const STATISTIC_TITLES: Record<StatisticKind, string> = {
  totalWasteProduced: 'Rifiuti urbani prodotti',
  totalWasteSorted: 'Raccolta differenziata',
  totalWasteSortedPerCapita: 'Raccolta differenziata per abitante',
  wasteFractionsSet: 'Le frazioni della raccolta differenziata',
  wasteFractionsColors: 'Le frazioni della raccolta differenziata',
  wasteSortingTypes: 'Le modalità di raccolta',
  wasteSortingType: 'Le modalità di raccolta del comune',
  mostUsedActionCategories: 'Le azioni di prevenzione più diffuse',
  actionCategories: 'Le azioni di prevenzione del comune',
  mostUsedWasteFractionsSet: 'Le combinazioni di frazioni più comuni',
};

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
};

export class NoDataError extends Error {}

/** Two bars: the statistic in the comparison year and in the year, as the page's card compares them. */
function comparisonOption(stat: Statistic, year: number, compareYear: number | null) {
  if (stat.value === null) throw new NoDataError(stat.missingReason ?? 'Nessun dato rilevato.');
  const compared = compareYear !== null && stat.compareValue !== null;
  return {
    compared,
    // One bar: the picture says why, as the card does.
    note: compared
      ? null
      : compareYear === null
        ? 'Nessun anno di confronto disponibile.'
        : `Dato del ${compareYear} non disponibile per il confronto.`,
    option: horizontalBarOption({
      categories: (compared ? [compareYear, year] : [year]).map(String),
      values: compared ? [stat.compareValue!, stat.value] : [stat.value],
      colors: PRIMARY_COLOR,
      format: (v) => formatValue(v, stat.unit),
    }),
  };
}

const isCityStats = (s: AreaStats | CityStats): s is CityStats => 'wasteSortingType' in s;

/** What an export draws: the chart (or table), whether its data is demo data, whether it compares years. */
export interface StatisticPicture {
  option: echarts.EChartsCoreOption;
  demo: boolean;
  /** The two bars of a total: the year and the comparison year. */
  compared: boolean;
  /** A total drawn without its comparison: why, in Italian (shown under the title). */
  note?: string | null;
}

/**
 * The picture of one statistic kind, drawn as the page draws it (apps/web explorer: stat-cards.tsx,
 * stat-panels.tsx, stat-chart.tsx) with the same builders of packages/charts:
 * - the totals: the card's comparison, as two bars (year and comparison year);
 * - wasteFractionsSet (and wasteFractionsColors, the fractions in their colours): fractionsBarOption;
 * - wasteSortingTypes, mostUsedActionCategories (Italy, regions, provinces): countShareBarOption;
 * - wasteSortingType (a comune): the page's table of modes and the fractions each collects;
 * - actionCategories (a comune): actionCountsBarOption, the number of actions per category;
 * - mostUsedWasteFractionsSet: fractionSetsBarOption.
 * A statistic without data throws NoDataError with the reason the page shows.
 */
export function statisticPicture(kind: StatisticKind, s: AreaStats | CityStats): StatisticPicture {
  const section = <T>(x: { items: T[]; demo: boolean; missingReason: string | null }) => {
    if (x.items.length === 0) throw new NoDataError(x.missingReason ?? 'Nessun dato rilevato.');
    return x.items;
  };
  const chart = (option: echarts.EChartsCoreOption, demo: boolean) => ({ option, demo, compared: false });
  const city = isCityStats(s);
  if (city ? AREA_ONLY_STATISTICS.includes(kind) : CITY_ONLY_STATISTICS.includes(kind)) {
    throw new Error(`${kind} is not drawn at this level`); // the query schema refuses it first (400)
  }
  switch (kind) {
    case 'totalWasteProduced':
    case 'totalWasteSorted':
    case 'totalWasteSortedPerCapita':
      return { ...comparisonOption(s[kind], s.year, s.compareYear), demo: false };
    case 'wasteFractionsSet':
    case 'wasteFractionsColors':
      return chart(fractionsBarOption(section(s.wasteFractionsSet)), s.wasteFractionsSet.demo);
    case 'wasteSortingTypes':
      return chart(countShareBarOption(section(s.wasteSortingTypes)), s.wasteSortingTypes.demo);
    case 'mostUsedActionCategories':
      return chart(countShareBarOption(section(s.mostUsedActionCategories)), s.mostUsedActionCategories.demo);
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
        fractionSetsBarOption(section(s.mostUsedWasteFractionsSet)),
        s.mostUsedWasteFractionsSet.demo,
      );
  }
}

/** Where a table starts below the title, and the room it has above the source line. */
const TABLE_TOP = 120;
const TABLE_BOTTOM = IMAGE_HEIGHT - 70;

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

/** The statistic as an SVG document: title, area and year above, source and portal name below. */
export function renderSvg(option: echarts.EChartsCoreOption, heading: ExportHeading): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
  });
  try {
    const grid = (option as { grid?: object }).grid ?? {};
    const graphic = (option as { graphic?: object[] }).graphic ?? [];
    chart.setOption({
      ...option,
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: FONT_FAMILY },
      title: {
        text: heading.title,
        subtext: heading.subtitle,
        left: 32,
        top: 24,
        textStyle: { fontFamily: FONT_FAMILY, fontSize: 26, fontWeight: 'bold', color: '#1c2321' },
        subtextStyle: { fontFamily: FONT_FAMILY, fontSize: 17, color: '#4a5551' },
      },
      grid: { ...grid, left: 32, right: 96, top: 110, bottom: 70, containLabel: true },
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

/** An A4 landscape PDF with the title as text (searchable) and the chart as vectors. */
export function svgToPdf(svg: string, heading: ExportHeading): Promise<Buffer> {
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
      fontCallback: (_family: string, bold: boolean) => (bold ? 'DejaVu-Bold' : 'DejaVu'),
    });
    doc.end();
  });
}
