import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import {
  dismissCookieBanner,
  expect,
  expectNoAxeViolations,
  fetchUser,
  signIn,
  test,
  type TestUser,
  waitForMail,
} from './fixtures';

/*
 * The staff's back-office (/amministrazione, issue 18): a user asks for the licence; a staff member
 * approves it there; the user's badge and "Scarica dati" follow; then the staff revoke it with a reason,
 * which the user reads on their profile. Every decision is mailed and is in the audit log.
 */

async function signedInPage(browser: Browser, user: TestUser): Promise<{ page: Page; key: string }> {
  const page = await (await browser.newContext()).newPage();
  await dismissCookieBanner(page);
  const key = await signIn(page, user);
  return { page, key };
}

test('a licence requested, approved in the back-office, then revoked with a reason the user reads', async ({
  browser,
  createUser,
  db,
}) => {
  const user = await createUser({ prefix: 'richiedente' });
  const staffUser = await createUser({ prefix: 'staff' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);

  // The user asks for the licence from the profile.
  const { page: userPage, key } = await signedInPage(browser, user);
  await userPage.goto('/profilo#license-section');
  const section = userPage.locator('#license-section');
  await section.getByLabel("Ho letto e accetto l'impegno d'uso dei dati").check();
  await section.getByRole('button', { name: 'Richiedi la licenza' }).click();
  await expect(section.locator('.license-badge')).toHaveText(/In attesa/);
  await userPage.reload();
  await expect(section).toContainText('Richiesta inviata il');

  // A user who is not staff is told the page is not theirs, and sees none of it.
  await userPage.goto('/amministrazione');
  await expect(userPage.getByText('Questa pagina è riservata allo staff del portale.')).toBeVisible();
  await expect(userPage.getByRole('table')).toHaveCount(0);

  // The staff member finds the request in the queue and approves it.
  const { page: staffPage } = await signedInPage(browser, staffUser);
  await staffPage.goto('/');
  await staffPage.getByRole('banner').getByRole('button', { name: 'Area riservata' }).click();
  await staffPage.getByRole('menuitem', { name: 'Amministrazione' }).click();
  await expect(staffPage).toHaveURL(/\/amministrazione\/licenze$/);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Amministrazione' })).toBeVisible();
  const requests = staffPage.getByRole('region', { name: /Richieste in attesa/ });
  const row = requests.getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText('Giulia Verdi');
  await expectNoAxeViolations(staffPage, '/amministrazione');
  await row.getByRole('button', { name: `Approva la licenza di ${user.email}` }).click();
  await expect(
    staffPage.getByRole('status').filter({ hasText: `Licenza di ${user.email} approvata.` }),
  ).toBeVisible();
  await expect(requests.getByRole('row').filter({ hasText: user.email })).toHaveCount(0);
  // The audit log is a section of its own (/amministrazione/registro).
  await staffPage.getByRole('link', { name: 'Registro delle attività' }).click();
  const log = staffPage.getByRole('region', { name: /Registro|attività/ });
  await expect(log.getByRole('row').filter({ hasText: user.email }).first()).toContainText(staffUser.email);

  // The user, after a reload: Attiva, and Scarica dati in the menu; the approval mail is out.
  await userPage.goto('/');
  await expect(userPage.getByRole('banner').locator('.license-badge')).toHaveText(/Attiva/);
  await userPage.getByRole('banner').getByRole('button', { name: 'Area riservata' }).click();
  await expect(userPage.getByRole('menuitem', { name: 'Scarica dati' })).toBeVisible();
  await waitForMail(user.email, /La tua licenza è attiva/);

  // The staff revoke it, with a reason.
  await staffPage.getByRole('link', { name: 'Richieste di licenza' }).click();
  await staffPage
    .getByRole('region', { name: 'Richieste di licenza', exact: true })
    .getByLabel('Stato')
    .selectOption({ label: 'Attive' });
  const activeRow = staffPage.getByRole('row').filter({ hasText: user.email });
  await activeRow.getByRole('button', { name: `Revoca la licenza di ${user.email}` }).click();
  const dialog = staffPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Revoca la licenza' }).click();
  await expect(dialog).toContainText('obbligatorio');
  await dialog.getByLabel('Motivazione').fill('I dati sono stati ripubblicati senza citare la fonte.');
  await dialog.getByRole('button', { name: 'Revoca la licenza' }).click();
  await expect(
    staffPage.getByRole('status').filter({ hasText: `Licenza di ${user.email} revocata.` }),
  ).toBeVisible();
  await staffPage.goto('/amministrazione/registro');
  await expect(log.getByRole('row').filter({ hasText: 'I dati sono stati ripubblicati' })).toHaveCount(1);
  await staffPage.goto('/amministrazione/licenze');

  // On a phone the tables scroll in their frames; the page itself never scrolls sideways.
  await staffPage.setViewportSize({ width: 375, height: 800 });
  await staffPage
    .getByRole('region', { name: 'Richieste di licenza', exact: true })
    .getByLabel('Stato')
    .selectOption({ label: 'Tutte' });
  const everyone = staffPage.getByRole('region', { name: /Tutti gli utenti/ });
  await expect(everyone.getByRole('row').filter({ hasText: user.email })).toHaveCount(1);
  expect(
    await staffPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  // The user reads the reason on the profile; the licence can be asked again.
  await userPage.goto('/profilo#license-section');
  const revoked = userPage.locator('#license-section');
  await expect(revoked).toContainText('revocata');
  await expect(revoked).toContainText('I dati sono stati ripubblicati senza citare la fonte.');
  await expect(revoked.getByRole('button', { name: /Richiedi/ })).toBeVisible();
  expect((await fetchUser(key)).licenseStatus).toBe('inactive');
  const { mail } = await waitForMail(user.email, /La tua licenza è stata revocata/);
  expect(mail.text).toContain('Motivazione: I dati sono stati ripubblicati senza citare la fonte.');
});

test('the staff mark a contact message handled and put an undelivered mail back in the queue', async ({
  browser,
  createUser,
  db,
}) => {
  const staffUser = await createUser({ prefix: 'staff' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const sender = `mittente-${Date.now()}@example.it`;
  const recipient = `irraggiungibile-${Date.now()}@example.it`;
  await db!.query(
    `INSERT INTO contact_messages (first_name, last_name, email, reason, message)
     VALUES ('Lucia', 'Scrive', $1, 'platform_report', 'Mancano i dati di Abano Terme.')`,
    [sender],
  );
  await db!.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, status, attempts, last_error)
     VALUES ($1, 'Prova di recapito', 'Prova', '<p>Prova</p>', 'failed', 8, 'connessione rifiutata')`,
    [recipient],
  );

  const { page } = await signedInPage(browser, staffUser);
  await page.goto('/amministrazione/messaggi');
  const inbox = page.getByRole('region', { name: /Messaggi da gestire/ });
  const message = inbox.getByRole('row').filter({ hasText: sender });
  await expect(message).toContainText('Mancano i dati di Abano Terme.');
  await expect(message).toContainText('Segnalazione sulla piattaforma');
  await message.getByRole('button', { name: `Segna come gestito il messaggio di ${sender}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Messaggio di ${sender} segnato come gestito.` }),
  ).toBeVisible();
  await expect(inbox.getByRole('row').filter({ hasText: sender })).toHaveCount(0);

  await page.goto('/amministrazione/email');
  const outbox = page.getByRole('region', { name: /Tutte le email/ });
  const mail = outbox.getByRole('row').filter({ hasText: recipient });
  await expect(mail).toContainText('connessione rifiutata');
  await mail.getByRole('button', { name: `Riprova l’invio a ${recipient}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Email a ${recipient} rimessa in coda.` }),
  ).toBeVisible();

  await page.goto('/amministrazione/registro');
  const log = page.getByRole('region', { name: /Decisioni dello staff/ });
  await expect(log.getByRole('row').filter({ hasText: sender })).toContainText('Gestito');
  await expect(log.getByRole('row').filter({ hasText: recipient })).toContainText('In coda');
  await expectNoAxeViolations(page, '/amministrazione (messages and mail)');
  // The mail worker takes it again: it leaves the failed list.
  const [row] = await db!.query<{ status: string }>('SELECT status FROM mail_outbox WHERE to_address = $1', [
    recipient,
  ]);
  expect(row!.status).not.toBe('failed');
});

test('the staff deactivate an account, which is signed out at once, and reactivate it', async ({
  browser,
  createUser,
  db,
}) => {
  const user = await createUser({ prefix: 'disattivato' });
  const staffUser = await createUser({ prefix: 'staff-utenti' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const { page: userPage, key } = await signedInPage(browser, user);
  await userPage.goto('/profilo');
  await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();

  const { page: staffPage } = await signedInPage(browser, staffUser);
  await staffPage.goto('/amministrazione/utenti');
  const users = staffPage.getByRole('region', { name: 'Utenti', exact: true });
  await users.getByLabel('Cerca per nome o e-mail').fill(user.email);
  await users.getByRole('button', { name: 'Cerca', exact: true }).click();
  const row = users.getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText('Verificato');
  await row.getByRole('button', { name: `Disattiva l’account di ${user.email}` }).click();
  const dialog = staffPage.getByRole('dialog');
  await dialog.getByLabel('Motivazione').fill('Scaricamenti automatici oltre i limiti.');
  await dialog.getByRole('button', { name: 'Disattiva l’account' }).click();
  await expect(
    staffPage.getByRole('status').filter({ hasText: `Account di ${user.email} disattivato.` }),
  ).toBeVisible();
  await expect(row).toContainText('Scaricamenti automatici oltre i limiti.');
  await expectNoAxeViolations(staffPage, '/amministrazione/utenti');

  // The user's session is over: the private page sends them away, the API refuses the old key.
  await userPage.reload();
  await expect(userPage).not.toHaveURL(/\/profilo/);
  await expect(userPage.getByRole('banner').getByRole('button', { name: 'Area riservata' })).toHaveCount(0);
  await expect(fetchUser(key)).rejects.toThrow();

  // Reactivated, the account signs in again; both changes are in the audit log.
  await row.getByRole('button', { name: `Riattiva l’account di ${user.email}` }).click();
  await expect(
    staffPage.getByRole('status').filter({ hasText: `Account di ${user.email} riattivato.` }),
  ).toBeVisible();
  const { page: again } = await signedInPage(browser, user);
  await again.goto('/profilo');
  await expect(again).toHaveURL(/\/profilo/);
  await staffPage.goto('/amministrazione/registro');
  const log = staffPage.getByRole('region', { name: /Registro|attività/ });
  await expect(log.getByRole('row').filter({ hasText: user.email })).toHaveCount(2);
  await staffPage.goto('/amministrazione/utenti');

  // Another staff member's row offers neither deactivation nor removal: that is the operator's, at the
  // command line (decision 068), and the row says so.
  const colleague = await createUser({ prefix: 'staff-collega' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [colleague.email]);
  await users.getByLabel('Cerca per nome o e-mail').fill(colleague.email);
  await users.getByRole('button', { name: 'Cerca', exact: true }).click();
  const colleagueRow = users.getByRole('row').filter({ hasText: colleague.email });
  await expect(colleagueRow).toContainText(
    'Disattivazione e rimozione solo dall’operatore (riga di comando)',
  );
  await expect(colleagueRow.getByRole('button')).toHaveCount(0);
});

/** The bundled Sicily file with Alcamo's 2020 row (line 3902) changed: `produced` tonnes in all. */
async function sicilyFile(produced: string, unsorted: string, { bad = false, crlf = false } = {}) {
  const text = await readFile(
    fileURLToPath(new URL('../data/ispra/sicilia-2010-2024.csv', import.meta.url)),
    'utf8',
  );
  const lines = text.split('\n');
  const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
  const cells = lines[3901]!.split(',');
  expect(cells.slice(0, 2)).toEqual(['2020', '081001']);
  cells[header.indexOf('Totale RU (t)')] = produced;
  cells[header.indexOf('Indifferenziato (t)')] = unsorted;
  if (bad) cells[header.indexOf('Vetro (t)')] = 'abc';
  lines[3901] = cells.join(',');
  // CRLF: the same rows in other bytes, so the importer does not take it for the file imported before.
  const text2 = lines.join(crlf ? '\r\n' : '\n');
  return { name: 'sicilia-2010-2024.csv', mimeType: 'text/csv', buffer: Buffer.from(text2) };
}

test('a data file uploaded in the back-office: a bad row is shown and changes nothing, a good file refreshes the page', async ({
  browser,
  createUser,
  db,
  page,
}) => {
  test.setTimeout(240_000);
  const staffUser = await createUser({ prefix: 'staff-dati' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const produced = page.getByText(/17\.915/).first();
  await page.goto('/?comune=081001&anno=2020');
  await expect(produced).toBeVisible();

  const { page: staffPage } = await signedInPage(browser, staffUser);
  await staffPage.goto('/amministrazione/dati');
  const data = staffPage.getByRole('region', { name: 'Dati', exact: true });
  await data.getByLabel('Insieme di dati').selectOption('ispra-comuni');
  const refused = staffPage.getByRole('alert').filter({
    hasText: 'Il file non è stato importato: nessun dato è cambiato',
  });
  // A file of another format: the importer says in Italian which columns it lacks (decision 076).
  await data.getByLabel('File da importare').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('istat,anno\n082053,2020\n'),
  });
  await data.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(refused).toContainText(/bad\.csv, riga 1: mancano le colonne .*Comune/, { timeout: 60_000 });
  await expectNoAxeViolations(staffPage, '/amministrazione/dati, file rifiutato');

  await data
    .getByLabel('File da importare')
    .setInputFiles(await sicilyFile('18915.293', '10395.880', { bad: true }));
  await data.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(refused).toContainText(
    'sicilia-2010-2024.csv, riga 3902: colonna «Vetro (t)»: «abc» non è un numero',
    { timeout: 60_000 },
  );
  await expect(refused).not.toContainText(/bad\.csv/);
  await page.reload();
  await expect(produced).toBeVisible();

  await data.getByLabel('File da importare').setInputFiles(await sicilyFile('18915.293', '10395.880'));
  await data.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(
    staffPage.getByRole('status').filter({ hasText: /Importate [\d.]+ righe da sicilia-2010-2024\.csv/ }),
  ).toBeVisible({ timeout: 180_000 });
  await expect(data.getByRole('row').filter({ hasText: 'sicilia-2010-2024.csv' }).first()).toBeVisible();
  await expectNoAxeViolations(staffPage, '/amministrazione/dati');

  // The comune's page, cached by the web server, shows the new figure within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/18\.915/).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // Put the bundled figures back for the tests that follow (CRLF: not the bytes imported before).
  await data
    .getByLabel('File da importare')
    .setInputFiles(await sicilyFile('17915.293', '9395.880', { crlf: true }));
  await data.getByRole('button', { name: 'Importa', exact: true }).click();
  const busy = data.getByRole('button', { name: 'Importazione in corso…' });
  await expect(busy).toBeVisible();
  // While it runs, a bar says how far it has got: the bytes sent, then the import (decision 076).
  await expect(data.getByRole('progressbar', { name: /Invio dei file|Importazione/ })).toBeVisible();
  await expect(busy).toHaveCount(0, { timeout: 180_000 });
  await expect(staffPage.getByRole('status').filter({ hasText: /Importate [\d.]+ righe/ })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(produced).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
