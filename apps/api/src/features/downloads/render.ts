import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import SVGtoPDF from 'svg-to-pdfkit';
import type { AreaStats, CityStats, Statistic, StatisticKind } from '@portal/contract';
import {
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

export const STATISTIC_TITLES: Record<StatisticKind, string> = {
  totalWasteProduced: 'Rifiuti urbani prodotti',
  totalWasteSorted: 'Raccolta differenziata',
  totalWasteSortedPerCapita: 'Raccolta differenziata per abitante',
  wasteFractionsSet: 'Frazioni merceologiche della raccolta differenziata',
  wasteFractionsColors: 'Frazioni merceologiche della raccolta differenziata',
  wasteSortingTypes: 'Modalità di raccolta nei comuni',
  wasteSortingType: 'Modalità di raccolta del comune',
  mostUsedActionCategories: 'Azioni di prevenzione più diffuse',
  actionCategories: 'Azioni di prevenzione del comune',
  mostUsedWasteFractionsSet: 'Combinazioni di frazioni raccolte più diffuse',
};

export class NoDataError extends Error {}

/** Two bars: the statistic in the comparison year and in the year, as the page's card compares them. */
function comparisonOption(stat: Statistic, year: number, compareYear: number | null) {
  if (stat.value === null) throw new NoDataError(stat.missingReason ?? 'Nessun dato rilevato.');
  const years = compareYear !== null && stat.compareValue !== null ? [compareYear, year] : [year];
  const values =
    compareYear !== null && stat.compareValue !== null ? [stat.compareValue, stat.value] : [stat.value];
  return horizontalBarOption({
    categories: years.map(String),
    values,
    colors: PRIMARY_COLOR,
    format: (v) => formatValue(v, stat.unit),
  });
}

/** The ECharts option of one statistic kind, from the same builders the page uses (packages/charts). */
export function statisticOption(kind: StatisticKind, s: AreaStats | CityStats) {
  const section = <T>(x: { items: T[]; missingReason: string | null }) => {
    if (x.items.length === 0) throw new NoDataError(x.missingReason ?? 'Nessun dato rilevato.');
    return x.items;
  };
  switch (kind) {
    case 'totalWasteProduced':
    case 'totalWasteSorted':
    case 'totalWasteSortedPerCapita':
      return comparisonOption(s[kind], s.year, s.compareYear);
    case 'wasteFractionsSet':
    case 'wasteFractionsColors':
      return fractionsBarOption(section(s.wasteFractionsSet));
    case 'wasteSortingTypes':
    case 'wasteSortingType':
      return countShareBarOption(section(s.wasteSortingTypes));
    case 'mostUsedActionCategories':
    case 'actionCategories':
      return countShareBarOption(section(s.mostUsedActionCategories));
    case 'mostUsedWasteFractionsSet':
      return fractionSetsBarOption(section(s.mostUsedWasteFractionsSet));
  }
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
