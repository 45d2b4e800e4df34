import { readFile } from 'node:fs/promises';
import { dismissCookieBanner, expect, signIn, test } from './fixtures';

/** pdfjs gives a no-break space as it is or as a space; the page writes one between value and unit. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').trim();

/** The text items of the PDF's first page, with their left edge and width, and the page's width. */
async function pdfItems(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  try {
    const page = await doc.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((i) =>
      'str' in i && i.str.trim() ? [{ str: plain(i.str), x: i.transform[4] as number, width: i.width }] : [],
    );
    return { items, pageWidth: page.view[2]! - page.view[0]! };
  } finally {
    await doc.destroy();
  }
}

test('the PDF of Italy\'s "Rifiuti urbani prodotti" writes the value as the card shows it, inside the page', async ({
  createUser,
  page,
}) => {
  const user = await createUser({ prefix: 'pdf-italia' });
  await dismissCookieBanner(page);
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La raccolta differenziata in Italia');

  const card = page.getByTestId('card-totalWasteProduced');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Rifiuti urbani prodotti');
  // The figure under the title: '29.930.425,7 t' (Italian digits, a no-break space before the unit).
  const value = card.locator('h3 + p');
  await expect(value).toHaveText(/^\d{1,3}(\.\d{3})*,\d\u00a0t$/);
  const shown = plain((await value.textContent())!);

  const link = card.getByRole('link', { name: 'Scarica «Rifiuti urbani prodotti» in formato PDF' });
  await expect(link).toHaveAttribute(
    'href',
    /^\/api\/stats\/download\/\?format=pdf&statistic=totalWasteProduced&level=country&year=\d{4}(&compareYear=\d{4})?$/,
  );
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes('/api/stats/download/?')),
    link.click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const { items, pageWidth } = await pdfItems(bytes);
  expect(pageWidth).toBeGreaterThan(0);
  // The value is one text item, whole and exactly as the card writes it.
  expect(items.map((i) => i.str)).toContain(shown);
  for (const item of items) {
    expect(item.x, item.str).toBeGreaterThanOrEqual(0);
    expect(item.x + item.width, item.str).toBeLessThanOrEqual(pageWidth);
  }
});
