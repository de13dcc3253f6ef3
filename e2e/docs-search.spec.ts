import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { STORAGE_STATE, readFixture } from './support/fixture.ts';

// The docs search (issue 22, spec B2.6/B7): Ctrl+K opens the command menu on a project page; a question typed
// there shows partial results (the semantic source is held back here so the partial state can be seen), then full
// results; the arrows move the active option; a result opens the docs page at its section. The /docs pages are
// served by the platform outside the console: axe runs on them in both colour schemes.
const fx = () => readFixture();

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: STORAGE_STATE });
  page = await context.newPage();
});
test.afterAll(async () => page?.context().close());

test('Ctrl+K: a question shows partial, then full results, and a result opens the docs at its section', async () => {
  let releaseSemantic: () => void = () => {};
  const semanticHeld = new Promise<void>((resolve) => (releaseSemantic = resolve));
  await page.route('**/functions/v1/search-embeddings', async (route) => {
    await semanticHeld;
    await route.continue();
  });
  await page.goto(`/dashboard/project/${fx().projectRef}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.keyboard.press('Control+k');
  const menu = page.getByTestId('command-menu');
  await expect(menu).toBeVisible();
  const input = menu.getByRole('combobox', { name: 'Search docs and pages' });
  await expect(input).toBeFocused();
  await input.fill('row level security policies');
  const docs = menu.getByTestId('command-group-docs');
  await expect(docs).toHaveAttribute('data-status', 'partial');
  await expect(menu.getByTestId('command-menu-status')).toHaveText('Partial results: still searching…');
  await expect(docs.getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/docs-search-partial.png' });
  releaseSemantic();
  await expect(docs).toHaveAttribute('data-status', 'ready');
  const rls = docs.getByRole('option', { name: /Authentication › Row level security/ });
  await expect(rls).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/docs-search-full.png' });
  await expectNoAxeFindings(page, 'command menu with docs results');

  // Keyboard: the first option is active; ↓ moves to the next, ↑ back.
  const options = menu.getByRole('option');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await input.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await input.press('ArrowUp');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  // Move to the row level security result with the keyboard and open it with Enter.
  const count = await options.count();
  for (let i = 0; i < count; i++) {
    if ((await options.nth(i).getAttribute('aria-selected')) === 'true' && /Row level security/.test((await options.nth(i).textContent()) ?? '')) break;
    await input.press('ArrowDown');
  }
  const [docsPage] = await Promise.all([page.context().waitForEvent('page'), input.press('Enter')]);
  await docsPage.waitForLoadState();
  expect(docsPage.url()).toMatch(new RegExp(`/docs/auth\\?.*project=${fx().projectRef}.*#row-level-security$`));
  await expect(docsPage.getByRole('heading', { level: 2, name: 'Row level security' })).toBeVisible();
  await expect(docsPage.getByTestId('docs-context')).toContainText(fx().projectRef);
  await docsPage.screenshot({ path: 'e2e/screenshots/docs-page-rls.png' });
  await docsPage.close();
  await expect(menu).toBeHidden();
});

test('a question that shares no word with the answer is found by meaning', async () => {
  await page.unroute('**/functions/v1/search-embeddings');
  await page.keyboard.press('Control+k');
  const menu = page.getByTestId('command-menu');
  await menu.getByRole('combobox').fill('restrict which rows each signed-in person sees');
  const docs = menu.getByTestId('command-group-docs');
  await expect(docs).toHaveAttribute('data-status', 'ready');
  await expect(docs.getByRole('option', { name: /Row level security/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the Help popover opens the docs search and the docs', async () => {
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: /Search docs/ }).click();
  await expect(page.getByTestId('command-menu')).toBeVisible();
  await page.keyboard.press('Escape');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the docs pages pass axe (${colorScheme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme, baseURL: baseURL! });
    const docsPage = await context.newPage();
    for (const path of ['/docs/', '/docs/console', '/docs/data-api', '/docs/auth', '/docs/storage', '/docs/self-hosting', '/docs/security', '/docs/troubleshooting']) {
      await docsPage.goto(path);
      await expect(docsPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeFindings(docsPage, `${path} (${colorScheme})`);
    }
    await docsPage.goto('/docs/data-api');
    await docsPage.screenshot({ path: `e2e/screenshots/docs-data-api-${colorScheme}.png`, fullPage: false });
    await context.close();
  });
}
