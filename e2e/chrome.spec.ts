import { expect, test } from '@playwright/test';
import { SCREENSHOTS, readFixture } from './support/fixture.ts';

// The page chrome of spec A2.3–A2.7 walked in the browser on the real platform.
const fx = () => readFixture();

test('project home: header switchers, project sidebar, no product menu, title', async ({ page }) => {
  const { projectRef, orgName } = fx();
  await page.goto(`/dashboard/project/${projectRef}`);
  await expect(page.getByRole('heading', { name: 'Storefront' })).toBeVisible();
  await expect(page.getByTestId('org-switcher')).toContainText(orgName);
  await expect(page.getByTestId('project-switcher')).toContainText('Storefront');
  await expect(page.getByTestId('branch-switcher')).toContainText('Production');
  const nav = page.getByRole('navigation', { name: 'Project navigation' });
  for (const label of ['Overview', 'Table Editor', 'SQL Editor', 'Database', 'Authentication', 'Storage', 'Edge Functions', 'Realtime', 'Advisors', 'Reports', 'Logs', 'API Docs', 'Integrations', 'Project Settings']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  // spec A2.2: Database links to schemas when ACTIVE_HEALTHY.
  await expect(nav.getByRole('link', { name: 'Database', exact: true })).toHaveAttribute('href', `/dashboard/project/${projectRef}/database/schemas`);
  // spec A2.3: no product menu on exactly /project/{ref}.
  await expect(page.getByTestId('product-menu')).toHaveCount(0);
  await expect(page).toHaveTitle('Project Overview | Strata');
  await page.screenshot({ path: `${SCREENSHOTS}/project-home.png` });
});

test('settings pages show the settings menu of A2.5; pending pages say so honestly', async ({ page }) => {
  const { projectRef, orgSlug } = fx();
  await page.goto(`/dashboard/project/${projectRef}/settings/general`);
  const menu = page.getByTestId('product-menu');
  await expect(menu).toBeVisible();
  for (const label of ['General', 'Compute and Disk', 'Infrastructure', 'Data API', 'API Keys', 'Log Drains', 'Add-ons', 'Vault', 'Subscription', 'Usage']) {
    await expect(menu.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: /^Usage/ })).toHaveAttribute('href', `/dashboard/org/${orgSlug}/usage?projectRef=${projectRef}`);
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/settings.png` });
  await page.goto(`/dashboard/project/${projectRef}/settings/log-drains`);
  await expect(page.getByTestId('pending-page')).toContainText('Log Drains is not available in this build yet.');

  await page.goto(`/dashboard/project/${projectRef}/database/tables`);
  await expect(page.getByTestId('product-menu')).toContainText('Schema Visualizer');
  await page.goto(`/dashboard/project/${projectRef}/auth/users`);
  await expect(page.getByTestId('product-menu')).toContainText('Policies');
});

test('organization pages use the organization sidebar; /organizations hides the sidebar', async ({ page }) => {
  const { orgSlug, orgName } = fx();
  await page.goto(`/dashboard/org/${orgSlug}/team`);
  const nav = page.getByRole('navigation', { name: 'Organization navigation' });
  for (const label of ['Projects', 'Team', 'Integrations', 'Usage', 'Billing', 'Organization settings']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle(`Team | Strata`);
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { name: 'Your Organizations' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(orgName) })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/organizations.png` });
});

test('switching project keeps the sub-route cut to 4 segments, grown back to a page where the cut is none', async ({ page }) => {
  const { projectRef, secondProjectRef } = fx();
  // /project/{B}/database is no page (only the 404 answered it, issue 15): the same page of B instead.
  await page.goto(`/dashboard/project/${projectRef}/database/backups/scheduled`);
  await page.getByTestId('project-switcher').click();
  await page.getByRole('menuitem', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/project/${secondProjectRef}/database/backups/scheduled$`));
  await expect(page.getByTestId('project-switcher')).toContainText('Analytics');
});

test('switching project from a nested page lands on the same page of the other project, inside the chrome', async ({ page }) => {
  // issue 15: settings/general → the 4-segment cut '/project/{B}/settings', which only the shell-less 404 answered.
  const { projectRef, secondProjectRef } = fx();
  await page.goto(`/dashboard/project/${projectRef}/settings/general`);
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  await page.getByTestId('project-switcher').click();
  await page.getByRole('menuitem', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/project/${secondProjectRef}/settings/general$`));
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  await expect(page.getByTestId('project-switcher')).toContainText('Analytics');
});

test('the organization switcher lists organizations with plan badges', async ({ page }) => {
  const { projectRef, orgName } = fx();
  await page.goto(`/dashboard/project/${projectRef}`);
  await page.getByTestId('org-switcher').click();
  const menu = page.getByRole('menu', { name: 'Switch organization' });
  const item = menu.getByRole('menuitem', { name: new RegExp(`^${orgName}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Free');
  await expect(menu.getByRole('menuitem', { name: 'All organizations' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'New organization' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});

test('theme: dark by default, light chosen from the menu, kept across reloads and tabs', async ({ page, context }) => {
  const { projectRef } = fx();
  await page.goto(`/dashboard/project/${projectRef}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const other = await context.newPage();
  await other.goto(`/dashboard/project/${projectRef}`);
  await expect(other.getByRole('button', { name: 'Connect' })).toBeVisible();
  // The other tab counts the colour transitions its switch starts (getAnimations() computes the new styles first).
  type Counted = { transitionsAfterSwitch?: number };
  await other.evaluate(() => {
    new MutationObserver(() => {
      (window as unknown as Counted).transitionsAfterSwitch = document.getAnimations().filter((a) => a instanceof CSSTransition).length;
    }).observe(document.documentElement, { attributeFilter: ['data-theme'] });
  });
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  // The switch is drawn at once: no button or field fades its colours after the page has changed (src/actors/theme.ts).
  expect(await other.evaluate(() => (window as unknown as Counted).transitionsAfterSwitch)).toBe(0);
  await page.screenshot({ path: `${SCREENSHOTS}/project-home-light.png` });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.close();
});

test('sidebar behaviour: expand on hover by default, Expanded keeps labels, stored in the sidebar:state cookie', async ({ page, context }) => {
  const { projectRef } = fx();
  await page.goto(`/dashboard/project/${projectRef}`);
  const nav = page.getByRole('navigation', { name: 'Project navigation' });
  await expect(nav).toHaveAttribute('data-open', 'false');
  await nav.hover();
  await expect(nav).toHaveAttribute('data-open', 'true');
  await page.getByTestId('sidebar-behaviour').click();
  await page.getByRole('menuitemradio', { name: 'Expanded' }).click();
  await page.mouse.move(900, 400);
  await expect(nav).toHaveAttribute('data-open', 'true');
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
  expect(cookie?.value).toBe('true');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Project navigation' })).toHaveAttribute('data-open', 'true');
  await page.getByTestId('sidebar-behaviour').click();
  await page.getByRole('menuitemradio', { name: 'Expand on hover' }).click();
  await page.mouse.move(900, 400);
  await expect(nav).toHaveAttribute('data-open', 'false');
});

test('error pages and unknown paths', async ({ page, request }) => {
  await page.goto('/dashboard/this/does/not/exist');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.goto('/dashboard/404');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  // spec A2.1: /api paths are never pages.
  const api = await request.get('/api/platform/nothing-here');
  expect(api.headers()['content-type']).toContain('application/json');
  expect([401, 404]).toContain(api.status());
  await page.screenshot({ path: `${SCREENSHOTS}/not-found.png` });
});

test('query parameters: kebab-case keys read camelCase, the first of several values wins', async ({ page }) => {
  await page.goto('/dashboard/support/new?project-ref=abc123&subject=First&subject=Second&category=DASHBOARD_BUG');
  await expect(page.getByText('abc123')).toBeVisible();
  await expect(page.getByText('First')).toBeVisible();
  await expect(page.getByText('Second')).toHaveCount(0);
  // The sidebar is hidden on /support/new (spec A2.3).
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('mobile bar below 768 px opens the sidebar in a sheet that a downward swipe closes', async ({ page }) => {
  const { projectRef } = fx();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/dashboard/project/${projectRef}`);
  const bar = page.getByTestId('mobile-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Strata home' })).toHaveAttribute('href', '/dashboard/organizations');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Table Editor' })).toBeVisible();
  await page.waitForTimeout(500); // let the sheet finish sliding in before the picture
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-sheet.png` });
  // A short drag snaps back; a long one (beyond 100 px) closes.
  const handle = page.getByTestId('sheet-handle');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no sheet handle');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 40, { steps: 5 });
  await page.mouse.up();
  await expect(sheet).toBeVisible();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 220, { steps: 10 });
  await page.mouse.up();
  await expect(sheet).toHaveCount(0);
});

test('the home link goes to the last visited organization (spec A2.3)', async ({ page }) => {
  const { orgSlug, projectRef } = fx();
  await page.goto(`/dashboard/project/${projectRef}`);
  await expect(page.getByTestId('home-link')).toHaveAttribute('href', `/dashboard/org/${orgSlug}`);
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(new RegExp(`/dashboard/org/${orgSlug}$`));
});

test('a project the user cannot see reads as not found, inside the chrome', async ({ page }) => {
  await page.goto('/dashboard/project/aaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByTestId('home-link')).toBeVisible();
});
