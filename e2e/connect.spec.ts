import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// The Connect dialog (issue 16, spec A2.10, A4.6): opened from the header, the URI copied and psql connects with it
// and the project's password; every tab in both themes passes axe; a password reset in Database Settings really
// changes the password.
const run = promisify(execFile);
const fx = () => readFixture();
const DB_PASSWORD = 'Strong-db-pass-123'; // e2e/global.setup.ts

async function psql(uri: string): Promise<string> {
  const { stdout } = await run('psql', [uri, '-w', '-X', '-A', '-t', '-c', 'select current_user'], { env: { ...process.env, PGCONNECT_TIMEOUT: '5' } });
  return stdout.trim();
}

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

test('Connect from the header: copy the URI and psql connects with the project password', async ({ browser }) => {
  const page = await themedPage(browser, 'dark');
  await page.goto(`/dashboard/project/${fx().projectRef}`);
  await page.getByTestId('connect-button').click();
  await expect(page).toHaveURL(/showConnect=true/);
  const dialog = page.getByRole('dialog', { name: 'Connect to your project' });
  await expect(dialog.getByRole('tab', { name: 'Connection String' })).toHaveAttribute('aria-selected', 'true');
  const uriBlock = dialog.locator('pre').first();
  await expect(uriBlock).toContainText('postgresql://strata_');
  await expect(uriBlock).toContainText('[YOUR_PASSWORD]');
  await dialog.getByRole('button', { name: 'Copy URI' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await uriBlock.textContent());
  expect(await psql(copied.replace('[YOUR_PASSWORD]', encodeURIComponent(DB_PASSWORD)))).toMatch(/^strata_/);

  // View parameters: each copyable with a 1 s tick.
  await dialog.getByText('View parameters').click();
  await expect(dialog.getByText('For security reasons, your database password is never shown.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy port' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied port' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy port' })).toBeVisible({ timeout: 3000 });
  await page.screenshot({ path: `${SCREENSHOTS}/connect-direct.png` });

  // Escape closes and takes the parameters out of the URL.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/showConnect/);
  await page.context().close();
});

test('invalid type and method reset to uri and direct; the poolers connect, or say plainly that none runs', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await themedPage(browser, 'dark');
  await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true&type=cobol&method=pigeon`);
  const dialog = page.getByRole('dialog', { name: 'Connect to your project' });
  await expect(dialog.locator('pre').first()).toContainText('postgresql://');
  await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true&type=psql&method=transaction`);
  await expect(dialog.getByTestId('connect-method-description')).toContainText('Does not support PREPARE statements');
  // Locally there is either a real pooler (its string) or a plain sentence instead of a string.
  const unavailable = dialog.getByTestId('connect-method-unavailable');
  if ((await unavailable.count()) > 0) {
    await expect(unavailable).toContainText(/pooler/i);
    await expect(dialog.locator('pre')).toHaveCount(0);
  } else {
    await expect(dialog.locator('pre').first()).toContainText('psql -h');
    // A real pooler: its URI connects with the project's password, through the transaction and session poolers.
    for (const method of ['transaction', 'session']) {
      await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true&method=${method}`);
      const uri = (await dialog.locator('pre').first().textContent())!;
      expect(await psql(uri.replace('[YOUR_PASSWORD]', encodeURIComponent(DB_PASSWORD)))).toMatch(/^strata_/);
    }
    await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true&type=psql&method=transaction`);
    await expect(dialog.locator('pre').first()).toContainText('psql -h');
  }
  await page.screenshot({ path: `${SCREENSHOTS}/connect-transaction.png` });
  await page.context().close();
});

for (const theme of ['dark', 'light'] as const) {
  test(`every tab, ${theme} theme: axe and a screenshot`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await themedPage(browser, theme);
    await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true`);
    const dialog = page.getByRole('dialog', { name: 'Connect to your project' });
    await expect(dialog.locator('pre').first()).toBeVisible();
    for (const tab of ['Connection String', 'App Frameworks', 'Mobile Frameworks', 'ORMs']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.locator('pre').first()).toBeVisible();
      if (tab !== 'Connection String') await expect(dialog.locator('pre').first()).toContainText(tab === 'ORMs' ? 'postgresql://' : '/p/');
      await expectNoAxeFindings(page, `Connect dialog, ${tab}, ${theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/connect-${tab.toLowerCase().replace(/ /g, '-')}-${theme}.png` });
    }
    // The MCP tab (its content is the MCP view's, composed in by the project route).
    await dialog.getByRole('tab', { name: 'MCP' }).click();
    await expect(dialog.getByRole('tab', { name: 'MCP' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/connectTab=mcp/);
    await expectNoAxeFindings(page, `Connect dialog, MCP, ${theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/connect-mcp-${theme}.png` });
    // The cascade: another framework picks its own first 'Using'.
    await dialog.getByRole('tab', { name: 'App Frameworks' }).click();
    await dialog.getByRole('button', { name: /Framework/ }).click();
    await page.getByRole('option', { name: 'React' }).click();
    await expect(page).toHaveURL(/framework=react/);
    await expect(page).toHaveURL(/using=vite/);
    await expect(dialog.locator('pre').first()).toContainText('VITE_SUPABASE_URL=');
    await page.context().close();
  });
}

test('Database Settings: resetting the password changes it for real (old refused, new accepted); axe both themes', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await themedPage(browser, 'light');
  await page.goto(`/dashboard/project/${fx().projectRef}/database/settings#connection-pooling`);
  await expect(page.getByRole('heading', { name: 'Database Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connection pooling configuration' })).toBeVisible();
  await expectNoAxeFindings(page, 'Database Settings, light');
  await page.screenshot({ path: `${SCREENSHOTS}/database-settings.png`, fullPage: true });

  await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true`);
  const uri = (await page.getByRole('dialog').locator('pre').first().textContent())!;
  const next = 'Another-db-pass-456';
  await page.goto(`/dashboard/project/${fx().projectRef}/database/settings`);
  await expect(page.getByRole('heading', { name: 'Database password' })).toBeVisible();
  await page.getByLabel('New database password').fill(next);
  await expect(page.getByRole('button', { name: 'Reset database password' })).toBeEnabled();
  await page.getByRole('button', { name: 'Reset database password' }).click();
  // The answer waits for the platform's poolers to take the new verifier (pgbouncer is restarted: up to ~8 s, more
  // when another project's change is queued before it).
  await expect(page.getByText('Database password updated')).toBeVisible({ timeout: 30_000 });
  await expect(psql(uri.replace('[YOUR_PASSWORD]', encodeURIComponent(DB_PASSWORD)))).rejects.toThrow(/password authentication failed/);
  expect(await psql(uri.replace('[YOUR_PASSWORD]', encodeURIComponent(next)))).toMatch(/^strata_/);
  // Back to the fixture's password.
  await page.getByLabel('New database password').fill(DB_PASSWORD);
  await expect(page.getByRole('button', { name: 'Reset database password' })).toBeEnabled();
  await page.getByRole('button', { name: 'Reset database password' }).click();
  await expect.poll(() => psql(uri.replace('[YOUR_PASSWORD]', encodeURIComponent(DB_PASSWORD))).catch(() => '')).toMatch(/^strata_/);

  const dark = await themedPage(browser, 'dark');
  await dark.goto(`/dashboard/project/${fx().projectRef}/database/settings`);
  await expect(dark.getByRole('heading', { name: 'Database Settings', level: 1 })).toBeVisible();
  await expectNoAxeFindings(dark, 'Database Settings, dark');
  await dark.context().close();
  await page.context().close();
});
