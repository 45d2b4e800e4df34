import type { APIRequestContext, Page } from '@playwright/test';
import { ProvinceListSchema, RvmByRegionSchema, RvmYearsSchema } from '@portal/contract';
import {
  admin,
  dismissCookieBanner,
  expect,
  hasAdmin,
  NO_ADMIN_REASON,
  signIn,
  test,
  type TestUser,
} from './fixtures';

/**
 * Every route of the portal on a phone (375px) and on the narrowest common screen (320px): nothing is wider
 * than the screen (no sideways scrolling), and the 'Invia feedback' tab never covers the text of the page.
 * The private pages are visited signed in with an active licence. Screenshots go to the output folder.
 */

const RVM = '/api/reverse-vending-machines/reverse-vending-machine';
const WIDTHS = [375, 320] as const;

/** SPEC §2 public routes, the home page of a region, a province and a comune, /ecocompattatori filtered. */
async function publicRoutes(request: APIRequestContext): Promise<string[]> {
  const [region] = RvmByRegionSchema.parse(await (await request.get(`${RVM}/stats/by-region/`)).json()).items;
  const provinces = ProvinceListSchema.parse(
    await (await request.get(`/api/cities/provinces/?region=${region!.id}`)).json(),
  );
  const years = RvmYearsSchema.parse(await (await request.get(`${RVM}/years/?region=${region!.id}`)).json());
  return [
    '/',
    '/?regione=05',
    '/?regione=05&provincia=025',
    '/?regione=05&provincia=025&comune=025075',
    '/ecocompattatori',
    `/ecocompattatori?regione=${region!.id}&provincia=${provinces[0]!.id}&anno=${years.at(-1)}`,
    '/progetto',
    '/glossario',
    '/contatti',
    '/termini-e-condizioni',
    '/privacy-policy',
    '/cookie-policy',
  ];
}

const PRIVATE_ROUTES = ['/profilo', '/scarica-dati', '/'];

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements that reach past the screen's edges and that no scrolling or clipping box contains. */
  wide: string[];
}

/** What sticks out sideways: the document, and any element not inside a box that scrolls or clips it. */
async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (r: DOMRect) => r.right > width + 0.5 || r.left < -0.5;
    const contained = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return !outside(box.getBoundingClientRect());
      }
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : ''
      }`;
    const wide: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !outside(r)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (contained(el)) continue;
      const parent = el.parentElement ? `${name(el.parentElement)} > ` : '';
      wide.push(`${parent}${name(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      wide,
    };
  });
}

/**
 * The text of <main> that the feedback tab covers at any scroll position: the page is scrolled from top to
 * bottom by half screens and, at each stop, the tab's box is compared with the boxes of main's text.
 */
async function textUnderFeedbackTab(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tab = document.querySelector('.feedback-tab');
    const main = document.querySelector('main');
    if (!tab || !main) return [];
    const texts: { text: string; boxes: { left: number; right: number; top: number; bottom: number }[] }[] =
      [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // In page coordinates, so they hold at every scroll position.
      const boxes = Array.from(range.getClientRects())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({
          left: r.left + scrollX,
          right: r.right + scrollX,
          top: r.top + scrollY,
          bottom: r.bottom + scrollY,
        }));
      if (boxes.length) texts.push({ text, boxes });
    }
    const covered = new Set<string>();
    const step = Math.max(100, Math.floor(innerHeight / 2));
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y <= end; y += step) {
      window.scrollTo(0, y);
      const r = tab.getBoundingClientRect();
      const t = {
        left: r.left + scrollX,
        right: r.right + scrollX,
        top: r.top + scrollY,
        bottom: r.bottom + scrollY,
      };
      for (const { text, boxes } of texts) {
        if (boxes.some((b) => b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top)) {
          covered.add(text.slice(0, 60));
        }
      }
    }
    window.scrollTo(0, 0);
    return [...covered];
  });
}

async function checkRoute(page: Page, route: string, width: number) {
  const response = await page.goto(route);
  expect(response?.status(), route).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
  const overflow = await overflowOf(page);
  expect(overflow.wide, `elements wider than ${width}px on ${route}`).toEqual([]);
  expect(overflow.scrollWidth, `document wider than ${width}px on ${route}`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
  expect(await textUnderFeedbackTab(page), `text under the feedback tab on ${route}`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`${width}px wide`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('every public route fits the screen and the feedback tab covers no text', async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await dismissCookieBanner(page);
      for (const route of await publicRoutes(request)) await checkRoute(page, route, width);
    });

    test('signed in with an active licence: the private pages fit the screen too', async ({
      page,
      createUser,
    }) => {
      test.info().skip(!hasAdmin, NO_ADMIN_REASON);
      test.setTimeout(120_000);
      const user: TestUser = await createUser({ prefix: `mobile${width}` });
      await admin('license', 'approve', user.email);
      await dismissCookieBanner(page);
      await signIn(page, user);
      for (const route of PRIVATE_ROUTES) await checkRoute(page, route, width);
      await expect(page.getByRole('banner').locator('.license-badge')).toBeVisible();
    });

    test('the feedback tab sits in the page, above the footer, and still leads to /contatti', async ({
      page,
    }) => {
      await dismissCookieBanner(page);
      await page.goto('/progetto');
      const tab = page.getByRole('link', { name: 'Invia feedback' });
      await expect(tab).toHaveCSS('position', 'static');
      const [tabBox, footerBox] = await Promise.all([
        tab.boundingBox(),
        page.getByRole('contentinfo').boundingBox(),
      ]);
      expect(tabBox!.y + tabBox!.height).toBeLessThanOrEqual(footerBox!.y + 1);
      expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(width);
      await tab.click();
      await expect(page).toHaveURL(/\/contatti$/);
    });
  });
}

test('on a wide screen the tab is fixed at the side, and still covers no text', async ({ page }) => {
  await dismissCookieBanner(page);
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/progetto');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Invia feedback' })).toHaveCSS(
      'position',
      width >= 1240 ? 'fixed' : 'static',
    );
    expect(await textUnderFeedbackTab(page), `${width}px`).toEqual([]);
  }
});
