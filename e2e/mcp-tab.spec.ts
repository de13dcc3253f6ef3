import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// The Connect dialog's MCP tab (issue 16, spec A2.10, C§9): the URL it shows is a working MCP server URL — a
// personal access token lists the tools of exactly the groups chosen, read-only leaves migrations out.
const fx = () => readFixture();

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 1000 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

for (const theme of ['dark', 'light'] as const) {
  test(`MCP tab (${theme}): the URL follows Read-only and Feature Groups and answers with those tools`, async ({ browser, request }) => {
    const page = await themedPage(browser, theme);
    await page.goto(`/dashboard/project/${fx().projectRef}?showConnect=true&connectTab=mcp`);
    const dialog = page.getByRole('dialog', { name: /Connect to your project/ });
    await expect(dialog.getByRole('switch', { name: 'Read-only' })).toBeVisible();
    const url = dialog.getByTestId('mcp-url');
    await expect(url).toContainText(`/mcp?project_ref=${fx().projectRef}&features=docs,account,database,debugging,development,functions,branching`);
    await expect(dialog.getByRole('checkbox', { name: 'Storage' })).not.toBeChecked();
    await expectNoAxeFindings(page, `Connect dialog, MCP tab (${theme})`);
    if (theme === 'dark') await page.screenshot({ path: `${SCREENSHOTS}/connect-mcp.png` });

    // react-aria's inputs are visually hidden under their labels: toggled from the keyboard.
    await toggle(page, dialog.getByRole('switch', { name: 'Read-only' }));
    await toggle(page, dialog.getByRole('checkbox', { name: 'Development' }));
    await expect(url).toContainText('read_only=true');
    const shown = (await url.textContent())!;
    expect(new URL(shown).searchParams.get('features')).toBe('docs,account,database,debugging,functions,branching');
    await expect(dialog.getByLabel('Cursor configuration', { exact: true })).toContainText(shown);

    // The shown URL works: with a personal access token, exactly the database tools, read-only.
    const headers = { authorization: `Bearer ${await personalToken(page, request)}`, accept: 'application/json, text/event-stream' };
    const listed = await request.post(shown, { headers, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(listed.status()).toBe(200);
    const names = ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
    expect(names).toContain('execute_sql');
    expect(names).not.toContain('apply_migration');
    expect(names).not.toContain('get_project_url');
    await page.context().close();
  });
}

async function toggle(page: Page, control: import('@playwright/test').Locator): Promise<void> {
  const before = await control.isChecked();
  await control.focus();
  await page.keyboard.press('Space');
  await expect(control).toBeChecked({ checked: !before });
}

async function personalToken(page: Page, request: import('@playwright/test').APIRequestContext): Promise<string> {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('strata.dashboard.auth.token') ?? 'null')?.access_token as string);
  const created = await request.post('/api/platform/profile/access-tokens', { headers: { authorization: `Bearer ${session}` }, data: { name: 'mcp-tab e2e' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { token: string }).token;
}
