import type { Page } from '@playwright/test';
import { LICENSE_TERMS } from '@portal/contract';
import {
  admin,
  dismissCookieBanner,
  expect,
  expectNoAxeViolations,
  fetchUser,
  hasAdmin,
  NO_ADMIN_REASON,
  openMenuIfCollapsed,
  signIn,
  test,
  waitForMail,
  WIDTHS,
} from './fixtures';

/** Signed in: the 'Area riservata' dropdown, the licence badge, /profilo, /scarica-dati, /contatti, axe. */

function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Area riservata' });
}

async function openAccountMenu(page: Page) {
  await openMenuIfCollapsed(page);
  await accountButton(page).click();
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'true');
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`signed in (${name}, ${viewport.width}px)`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await dismissCookieBanner(page);
    });

    test("the 'Area riservata' dropdown: items, outside click, resize, choice, keyboard", async ({
      createUser,
      page,
    }) => {
      const user = await createUser({ prefix: 'menu' });
      await signIn(page, user);
      await page.goto('/');
      const badge = page.getByRole('banner').locator('.license-badge');
      await expect(badge).toHaveText(/Non attiva/);
      await expect(badge.locator('svg[data-icon="cross"]')).toHaveCount(1);
      await expect(badge).toHaveCSS('padding', '6px 8px');
      await expect(badge).toHaveCSS('border-radius', '20px');
      await expect(badge).toHaveCSS('height', '20px');
      await expect(badge).toHaveCSS('margin-right', viewport.width < 800 ? '12px' : '0px');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toHaveCount(0);

      await openAccountMenu(page);
      const menu = page.locator('.account-menu__list');
      await expect(menu.getByRole('menuitem', { name: 'Profilo' })).toHaveAttribute('href', '/profilo');
      await expect(menu.getByRole('menuitem', { name: 'Sottoscrizione' })).toHaveAttribute(
        'href',
        '/profilo#license-section',
      );
      await expect(menu.getByRole('menuitem', { name: 'Scarica dati' })).toHaveCount(0);
      await expect(menu.getByRole('menuitem', { name: 'Esci' })).toBeVisible();

      // an outside click closes it (the page under the open menu is inert: the pointer clicks a corner)
      await page.mouse.click(2, viewport.height - 2);
      await expect(menu).toBeHidden();
      // a resize closes it
      await openAccountMenu(page);
      await page.setViewportSize({ width: viewport.width - 20, height: viewport.height });
      await expect(menu).toBeHidden();
      await page.setViewportSize(viewport);
      // Escape closes it and gives the focus back to its button
      await openAccountMenu(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(accountButton(page)).toBeFocused();
      // by keyboard: Enter opens on the first item, arrows move, Enter chooses (and the choice closes it)
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Profilo' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Sottoscrizione' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/profilo#license-section$/);
      await expect(page.locator('#license-section')).toBeVisible();
      await expect(page.locator('.account-menu__list')).toBeHidden();

      // the footer shows the private-area links instead of Accedi/Registrati
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByTestId('footer-private').getByRole('link', { name: 'Profilo' })).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
      await expect(
        footer.getByTestId('footer-private').getByRole('link', { name: 'Scarica dati' }),
      ).toHaveCount(0);
    });

    test('profile edit, licence request (In attesa), and /scarica-dati explaining why it is closed', async ({
      createUser,
      page,
    }) => {
      const user = await createUser({ prefix: 'profilo' });
      const key = await signIn(page, user);
      await page.goto('/profilo');
      await expect(page).toHaveTitle(/^Profilo \|/);
      await expect(page.getByText(user.email)).toBeVisible();
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(user.firstName);

      await page.getByLabel('Nome', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Salva le modifiche' }).click();
      await expect(page.getByText('Questo campo è obbligatorio.')).toBeVisible();

      await page.getByLabel('Nome', { exact: true }).fill('Chiara');
      await page.getByLabel('Organizzazione', { exact: true }).fill('Comune di Bergamo');
      await page.getByLabel('Tipo di organizzazione').selectOption({ label: 'Pubblica amministrazione' });
      await page.getByLabel('Ruolo').fill('Ufficio ambiente');
      await page.getByLabel('Uso previsto dei dati').fill('Confronto con i comuni della provincia.');
      await page.getByRole('button', { name: 'Salva le modifiche' }).click();
      await expect(page.getByText('Profilo aggiornato con successo.')).toBeVisible();
      const saved = await fetchUser(key);
      expect(saved).toMatchObject({
        firstName: 'Chiara',
        organization: 'Comune di Bergamo',
        organizationType: 'public_administration',
        role: 'Ufficio ambiente',
      });
      await page.reload();
      await expect(page.getByLabel('Organizzazione', { exact: true })).toHaveValue('Comune di Bergamo');

      const section = page.locator('#license-section');
      await expect(section).toContainText('Non attiva');
      await expect(section).toContainText('CSV');

      // The data-use commitment comes before the button, and its box must be ticked first.
      await expect(section).toContainText('Richiedendo la licenza ti impegni a:');
      await expect(section.getByRole('listitem')).toHaveText([...LICENSE_TERMS.commitments]);
      const { version } = LICENSE_TERMS;
      await expect(section).toContainText(`Versione dell'impegno: ${version}`);
      const accept = section.getByRole('checkbox', { name: "Ho letto e accetto l'impegno d'uso dei dati" });
      await expect(accept).not.toBeChecked();
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/users/license/request/')) requests.push(request.method());
      });
      await section.getByRole('button', { name: 'Richiedi la licenza' }).click();
      const refusal = section.getByText("Per richiedere la licenza devi accettare l'impegno d'uso dei dati.");
      await expect(refusal).toBeVisible();
      await expect(accept).toBeFocused();
      await expect(accept).toHaveAttribute('aria-invalid', 'true');
      await expect(accept).toHaveAccessibleDescription(
        "Per richiedere la licenza devi accettare l'impegno d'uso dei dati.",
      );
      await expect(section.locator('.license-badge')).toHaveText(/Non attiva/);
      expect(requests).toEqual([]);
      expect((await fetchUser(key)).licenseStatus).toBe('inactive');

      await accept.check();
      await section.getByRole('button', { name: 'Richiedi la licenza' }).click();
      await expect(section.getByRole('status')).toBeVisible();
      await expect(section.locator('.license-badge')).toHaveText(/In attesa/);
      const headerBadge = page.getByRole('banner').locator('.license-badge');
      await expect(headerBadge).toHaveText(/In attesa/);
      await expect(headerBadge.locator('svg[data-icon="clock"]')).toHaveCount(1);
      expect(requests).toEqual(['POST']);
      const requested = await fetchUser(key);
      expect(requested).toMatchObject({ licenseStatus: 'pending', licenseTermsVersion: version });
      expect(requested.licenseTermsAcceptedAt).not.toBeNull();

      // Reloaded: the commitment is no longer asked for, only when (and which version) it was accepted.
      const acceptedOn = new Intl.DateTimeFormat('it-IT', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Rome',
      }).format(new Date(requested.licenseTermsAcceptedAt!));
      await page.reload();
      await expect(section).toContainText('Richiesta inviata il');
      await expect(section).toContainText(`Impegno accettato il ${acceptedOn} (versione ${version}).`);
      await expect(section.getByRole('checkbox')).toHaveCount(0);
      await expect(section).not.toContainText('Richiedendo la licenza ti impegni a:');

      await page.goto('/scarica-dati');
      await expect(page).toHaveTitle(/^Scarica dati \|/);
      const gate = page.getByTestId('download-gate');
      await expect(gate).toContainText('licenza d’uso attiva');
      await expect(gate).toContainText('in attesa di approvazione');
      await gate.getByRole('link', { name: 'Vai alla sottoscrizione' }).click();
      await expect(page).toHaveURL(/\/profilo#license-section$/);
      await expectNoAxeViolations(page, '/profilo (pending)');
    });

    test('a licence approved by the staff: Attiva, Scarica dati in the menu, the footer and the page', async ({
      createUser,
      page,
    }) => {
      test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
      const user = await createUser({ prefix: 'attiva' });
      await admin('license', 'approve', user.email);
      await signIn(page, user);
      await page.goto('/');
      const badge = page.getByRole('banner').locator('.license-badge');
      await expect(badge).toHaveText(/Attiva/);
      await expect(badge.locator('svg[data-icon="check"]')).toHaveCount(1);
      await expect(badge).toHaveCSS('background-color', 'rgb(11, 107, 58)');

      await openAccountMenu(page);
      await page.locator('.account-menu__list').getByRole('menuitem', { name: 'Scarica dati' }).click();
      await expect(page).toHaveURL(/\/scarica-dati$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Scarica dati' })).toBeVisible();
      await expect(page.getByTestId('download-gate')).toHaveCount(0);
      await expect(
        page
          .getByRole('contentinfo')
          .getByTestId('footer-private')
          .getByRole('link', { name: 'Scarica dati' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, '/scarica-dati (active)');
      await page.goto('/profilo#license-section');
      await expect(page.locator('#license-section')).toContainText('La tua licenza è attiva');
    });

    test('contact form: the four reasons, the privacy message, the success message', async ({
      page,
      createUser,
    }) => {
      const user = await createUser({ prefix: 'contatto' });
      await signIn(page, user);
      await page.goto('/contatti');
      await expect(page).toHaveTitle(/^Contatti \|/);
      await expect(page.getByLabel('Email')).toHaveValue(user.email);
      const reasons = await page.getByLabel('Motivo del contatto').locator('option').allTextContents();
      expect(reasons.slice(1)).toEqual([
        'Prevenzione locale',
        'Raccolta differenziata',
        'Segnalazione sulla piattaforma',
        'Altro',
      ]);
      await page.getByRole('button', { name: 'Invia', exact: true }).click();
      await expect(
        page.getByText('Prima di inviare, conferma di aver letto e accettato la nostra Privacy Policy.'),
      ).toBeVisible();
      await page.getByLabel('Motivo del contatto').selectOption({ label: 'Segnalazione sulla piattaforma' });
      const typed = 'Il comune di Ostuni mostra un dato del 2022 che sembra incompleto.';
      await page.getByLabel('Messaggio').fill(typed);
      await page.getByLabel(/Ho letto e accetto/).check();
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/contact-us/')),
        page.getByRole('button', { name: 'Invia', exact: true }).click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({
        reason: 'platform_report',
        privacy: true,
        email: user.email,
      });
      await expect(page.getByText('La tua richiesta è stata inviata correttamente.')).toBeVisible();

      // The acknowledgement to the sender: its number and our reason, nothing the sender wrote.
      const {
        mail,
        match: [, id],
      } = await waitForMail(user.email, /^Abbiamo ricevuto il tuo messaggio \(n\. (\d+)\)$/m);
      expect(mail.subject).toBe(`Abbiamo ricevuto il tuo messaggio (n. ${id})`);
      expect(mail.text).toContain(
        `Abbiamo ricevuto il tuo messaggio n. ${id} (motivo: Segnalazione sulla piattaforma) e ti risponderemo a questo indirizzo appena possibile.`,
      );
      expect(mail.text).toContain('Se non ci hai scritto tu, ignora questo messaggio');
      for (const words of [typed, 'Ostuni', 'sembra incompleto', user.firstName, user.lastName])
        expect(`${mail.text}\n${mail.html}`, words).not.toContain(words);
    });

    test('no axe violations on the routes when signed in', async ({ page, createUser }) => {
      const user = await createUser({ prefix: 'axe' });
      await signIn(page, user);
      for (const route of [
        '/',
        '/profilo',
        '/scarica-dati',
        '/contatti',
        '/termini-e-condizioni',
        '/privacy-policy',
        '/cookie-policy',
      ]) {
        await page.goto(route);
        await openMenuIfCollapsed(page);
        await expect(accountButton(page)).toBeVisible();
        await expectNoAxeViolations(page, `${route} (signed in)`);
      }
      await openAccountMenu(page);
      await expectNoAxeViolations(page, 'open account menu');
      if (!hasAdmin) {
        await page.goto('/');
      }
    });
  });
}
