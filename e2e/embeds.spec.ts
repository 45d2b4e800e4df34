/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIResponse, Page } from '@playwright/test';
import {
  BASE_URL,
  chartsSection,
  dismissCookieBanner,
  drawnChart,
  expect,
  expectNoAxeViolations,
  test,
} from './fixtures';

/**
 * The embeds of issue 20 (docs/decisions/062-embeds.md): "Incorpora" on a chart gives an <iframe> snippet
 * and a link; the snippet, pasted into a page of another site, shows the chart alone with the portal's
 * name, the territory, the source and a link back, and no site chrome. Only /embed/… may be framed.
 */

/** The portal's public address (PUBLIC_URL, default as the API's): the snippet's origin. */
const ORIGIN = new URL(process.env.PUBLIC_URL || 'http://localhost:3000').origin;
const PORTAL = 'Osservatorio Raccolta Differenziata';
const TREND = 'La percentuale di raccolta differenziata negli anni';
const TREND_CAPTION = 'Percentuale di raccolta differenziata per anno: Torino';

/** "Another site": a page of a server on another origin (127.0.0.1 and a free port, not localhost). */
async function otherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function frameAncestors(response: APIResponse): string | undefined {
  return /(?:^|;\s*)frame-ancestors ([^;]+)/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
}

/** Opens "Incorpora" of a panel with the keyboard and returns the dialog. */
async function openEmbedDialog(page: Page, name: string) {
  const button = page.getByRole('button', { name: `Incorpora «${name}» nel tuo sito` });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Incorpora il grafico' });
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

test.describe('Incorpora', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("a comune's chart: the dialog by keyboard, its snippet in another site's iframe", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/?comune=001272');
    await chartsSection(page);
    const { button, dialog } = await openEmbedDialog(page, TREND);

    // The snippet is in focus, selected; Tab reaches "Copia", Enter copies it and says so.
    const code = dialog.getByRole('textbox', { name: 'Codice HTML da incollare' });
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('readonly', '');
    const snippet = await code.inputValue();
    expect(snippet).toMatch(
      new RegExp(
        `^<iframe src="${ORIGIN}/embed/grafico/andamento\\?comune=001272" title="${TREND_CAPTION}" ` +
          'width="100%" height="\\d{3}" loading="lazy" style="border:0"></iframe>$',
      ),
    );
    await expect(dialog.getByRole('textbox', { name: 'Link al grafico' })).toHaveValue(
      `${ORIGIN}/embed/grafico/andamento?comune=001272`,
    );
    await expectNoAxeViolations(page, 'the Incorpora dialog');

    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Copia il codice HTML' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText('Codice copiato negli appunti.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Copia il link' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText('Link copiato negli appunti.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${ORIGIN}/embed/grafico/andamento?comune=001272`,
    );

    // Escape closes it and gives the focus back to "Incorpora".
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();

    // The snippet as copied, on another site (the portal under test stands for PUBLIC_URL), next to a
    // frame of an ordinary page of the portal.
    const site = await otherSite(
      '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Il sito di un comune</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        '<body style="margin:0 auto;max-width:800px"><h1>Le notizie del comune</h1>' +
        snippet.replace(`${ORIGIN}/`, `${BASE_URL}/`) +
        `<iframe id="refused" src="${BASE_URL}/glossario" title="Il glossario" width="100%" height="300"></iframe>` +
        '</body></html>',
    );
    try {
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
      });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(site.url);
      const embed = page.frameLocator(`iframe[title="${TREND_CAPTION}"]`);
      await expect(embed.getByRole('heading', { level: 1, name: TREND })).toBeVisible();
      await expect(embed.getByTestId('embed-header')).toHaveText(
        new RegExp(`^${PORTAL} · Comune di Torino \\(Torino\\), \\d{4}–\\d{4}$`),
      );
      await expect(embed.getByTestId('embed-source')).toHaveText(/^Font[ei]: .*ISPRA/);
      const back = embed.getByRole('link', { name: `Vedi tutti i dati su ${PORTAL}` });
      await expect(back).toHaveAttribute('href', `${ORIGIN}/?regione=01&provincia=001&comune=001272`);
      await expect(back).toHaveAttribute('target', '_blank');
      await expect(back).toHaveAttribute('rel', 'noopener');
      // The chart alone: none of the site's header, footer, feedback tab, cookie banner or sign-in.
      for (const role of ['banner', 'contentinfo', 'navigation'] as const)
        await expect(embed.getByRole(role)).toHaveCount(0);
      await expect(embed.getByRole('link', { name: 'Invia feedback' })).toHaveCount(0);
      await expect(embed.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
      await expect(embed.getByText(/cookie/i)).toHaveCount(0);
      await expect(await drawnChart(embed.getByTestId('panel-trend'))).toBeVisible();
      // As wide as the site's column, no wider.
      const frame = page.frame({ url: /\/embed\/grafico\/andamento/ })!;
      const widths = await frame.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      expect(widths[1]).toBeGreaterThan(300);
      // The table, by the panel's own toggle.
      await embed.getByRole('button', { name: 'Tabella' }).click();
      await expect(embed.getByRole('table', { name: TREND_CAPTION })).toBeVisible();
      await expect(embed.getByRole('rowheader', { name: '2024' })).toBeVisible();

      // Any other page of the portal refuses to be framed: Chromium shows its error page instead.
      await expect
        .poll(async () => (await (await page.locator('#refused').elementHandle())?.contentFrame())?.url())
        .toMatch(/^chrome-error:/);
      expect(refusals.join('\n')).toMatch(/Framing '[^']+' violates [^\n]*frame-ancestors 'none'/);
      await expect(page.frameLocator('#refused').getByRole('heading', { name: 'Glossario' })).toHaveCount(0);
    } finally {
      await site.close();
    }
  });

  test('/ecocompattatori: each chart has Incorpora, with the filters of the page', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/ecocompattatori?regione=03&cerca=via&pagina=2');
    await expect(page.getByRole('button', { name: /^Incorpora «/ })).toHaveCount(4);
    const { dialog } = await openEmbedDialog(page, 'Per gestore');
    await expect(dialog.getByRole('textbox', { name: 'Link al grafico' })).toHaveValue(
      `${ORIGIN}/embed/ecocompattatori/gestori?regione=03`,
    );
    await expect(dialog.getByRole('textbox', { name: 'Codice HTML da incollare' })).toHaveValue(
      /title="Ecocompattatori, pezzi e kg raccolti per gestore: Lombardia"/,
    );
  });

  test("/confronta: the comparison of three territories in another site's iframe", async ({ page }) => {
    const query = 'aree=comune:015146,regione:05,italia';
    const names = ['Milano (MI)', 'Veneto', 'Italia'];
    const caption = 'Percentuale di raccolta differenziata per anno: Milano (MI), Veneto e Italia';
    await dismissCookieBanner(page);
    await page.goto(`/confronta?${query}`);
    const { dialog } = await openEmbedDialog(page, TREND);
    const link = `${ORIGIN}/embed/confronta?${query}`;
    await expect(dialog.getByRole('textbox', { name: 'Link al grafico' })).toHaveValue(link);
    await dialog.getByRole('button', { name: 'Copia il codice HTML' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Codice copiato negli appunti.');
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(snippet).toMatch(
      new RegExp(
        `^<iframe src="${literal(link)}" title="${literal(caption)}" ` +
          'width="100%" height="\\d{3}" loading="lazy" style="border:0"></iframe>$',
      ),
    );

    const site = await otherSite(
      '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Un giornale</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        '<body style="margin:0 auto;max-width:800px"><h1>La raccolta differenziata a confronto</h1>' +
        snippet.replace(`${ORIGIN}/`, `${BASE_URL}/`) +
        '</body></html>',
    );
    try {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(site.url);
      const embed = page.frameLocator(`iframe[title="${caption}"]`);
      await expect(embed.getByRole('heading', { level: 1, name: TREND })).toBeVisible();
      await expect(embed.getByTestId('embed-header')).toHaveText(
        new RegExp(`^${PORTAL} · Milano \\(MI\\), Veneto e Italia, \\d{4}–\\d{4}$`),
      );
      // The legend names the three lines, in the order chosen; the chart draws them.
      await expect(embed.getByRole('list', { name: 'Legenda' }).getByRole('listitem')).toHaveText(names);
      await expect(await drawnChart(embed.getByRole('img', { name: caption }))).toBeVisible();
      await expect(embed.getByTestId('embed-source')).toHaveText(/^Font[ei]: .*ISPRA/);
      const back = embed.getByRole('link', { name: `Vedi tutti i dati su ${PORTAL}` });
      await expect(back).toHaveAttribute('href', `${ORIGIN}/confronta?${query}`);
      await expect(back).toHaveAttribute('target', '_blank');
      await expect(embed.getByRole('banner')).toHaveCount(0);
      await expect(embed.getByRole('button', { name: /^Incorpora/ })).toHaveCount(0);
      // The same figures as a table, by the embed's toggle: a column per territory.
      await embed.getByRole('button', { name: 'Tabella' }).click();
      const table = embed.getByRole('table', { name: caption });
      await expect(table.getByRole('columnheader')).toHaveText(['Anno', ...names]);
      await expect(table.getByRole('rowheader', { name: '2022' })).toBeVisible();
      const frame = page.frame({ url: /\/embed\/confronta/ })!;
      const widths = await frame.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    } finally {
      await site.close();
    }
    await page.goto(`/embed/confronta?${query}`);
    await expect(page.getByRole('img', { name: caption })).toBeVisible();
    await expectNoAxeViolations(page, '/embed/confronta');
    await page.getByRole('button', { name: 'Tabella' }).click();
    await expectNoAxeViolations(page, '/embed/confronta as a table');
  });
});

test.describe('/embed/ pages', () => {
  test('a chart of /ecocompattatori alone: header, source, link back, its table; axe-clean', async ({
    page,
  }) => {
    await page.goto('/embed/ecocompattatori/gestori?regione=03');
    await expect(page.getByRole('heading', { level: 1, name: 'Per gestore' })).toBeVisible();
    await expect(page.getByTestId('embed-header')).toHaveText(`${PORTAL} · Ecocompattatori: Lombardia`);
    await expect(page.getByTestId('embed-source')).toContainText('Dati dimostrativi');
    await expect(page.getByRole('link', { name: `Vedi tutti i dati su ${PORTAL}` })).toHaveAttribute(
      'href',
      `${ORIGIN}/ecocompattatori?regione=03`,
    );
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Incorpora/ })).toHaveCount(0);
    await expect(await drawnChart(page.getByRole('img', { name: /per gestore/ }))).toBeVisible();
    await expectNoAxeViolations(page, '/embed/ecocompattatori/gestori');
    await page.getByRole('button', { name: 'Tabella' }).click();
    await expect(page.getByRole('table', { name: /per gestore/ })).toBeVisible();
    await expectNoAxeViolations(page, '/embed/ecocompattatori/gestori as a table');
  });

  test('served from the page cache, framed by any site; every other page by none', async ({ request }) => {
    for (const url of [
      '/embed/grafico/frazioni?regione=01&provincia=001&comune=001272&anno=2023',
      '/embed/ecocompattatori/andamento',
      '/embed/confronta?aree=comune:015146,regione:05,italia&misura=kg',
    ]) {
      await request.get(url);
      const again = await request.get(url);
      expect(again.status(), url).toBe(200);
      expect(again.headers()['x-page-cache'], url).toBe('HIT');
      expect(frameAncestors(again), url).toBe('*');
      expect(again.headers()['x-frame-options'], url).toBeUndefined();
      expect(again.headers()['x-content-type-options'], url).toBe('nosniff');
      const html = await again.text();
      expect(html, url).not.toContain('class="shell-header');
      expect(html, url).not.toContain('Invia feedback');
    }
    for (const url of [
      '/glossario',
      '/?comune=001272',
      '/ecocompattatori',
      '/confronta?aree=italia',
      '/embed',
    ]) {
      const response = await request.get(url);
      expect(frameAncestors(response), url).toBe("'none'");
      expect(response.headers()['x-frame-options'], url).toBe('DENY');
    }
  });

  test('an unknown chart or territory is a 404 in Italian, inside the frame, without the site', async ({
    request,
  }) => {
    for (const url of [
      '/embed/grafico/non-esiste?comune=001272',
      '/embed/grafico/andamento?comune=999999',
      '/embed/grafico/andamento?regione=99',
      // A comune has no chart of the sets of fractions (one set, 100 %).
      '/embed/grafico/combinazioni?comune=001272',
      '/embed/ecocompattatori/gestori?gestore=999999',
      '/embed/ecocompattatori/comuni?provincia=999',
      // A comparison without a territory the portal knows.
      '/embed/confronta',
      '/embed/confronta?aree=paese:IT',
      '/embed/confronta?aree=comune:999999,regione:99',
      '/embed/grafico',
      '/embed/qualcosa/altro/ancora',
    ]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      expect(frameAncestors(response), url).toBe('*');
      const html = await response.text();
      expect(html, url).toContain('Grafico non trovato');
      expect(html, url).toContain('Il grafico o il territorio richiesto non esiste');
      expect(html, url).not.toContain('class="shell-header');
    }
  });
});
