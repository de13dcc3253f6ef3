import { expect, test } from '@playwright/test';
import { SCREENSHOTS, readFixture } from './support/fixture.ts';

// The organization's projects page (spec A2.2 /org/{slug}, A7 project list, A8 strings) and the header project
// switcher (spec A2.3), on the real platform: global.setup created 'Storefront' and 'Analytics'.
const fx = () => readFixture();

test('the organization page lists its projects, searches with the query in the address, and says when nothing matches', async ({ page }) => {
  const { orgSlug, projectRef, secondProjectRef } = fx();
  await page.goto(`/dashboard/org/${orgSlug}`);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  const cards = page.getByTestId('project-card');
  await expect(cards).toHaveCount(2);
  // spec C9: sorted by name ascending by default.
  await expect(cards.nth(0)).toContainText('Analytics');
  await expect(cards.nth(1)).toContainText('Storefront');
  await expect(cards.nth(1)).toContainText(projectRef);
  await expect(cards.nth(0)).toHaveAttribute('href', `/dashboard/project/${secondProjectRef}`);
  await expect(cards.nth(0)).toContainText('Active');
  await page.screenshot({ path: `${SCREENSHOTS}/org-projects.png` });

  const search = page.getByRole('searchbox', { name: 'Search for a project' });
  await search.fill('Ana');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Analytics');
  await expect(page).toHaveURL(/[?&]search=Ana/);

  // The query survives a reload: it lives in the address.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search for a project' })).toHaveValue('Ana');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Analytics');

  await page.getByRole('searchbox', { name: 'Search for a project' }).fill('zzz');
  await expect(page.getByText('No projects found based on your search')).toBeVisible();
  await expect(cards).toHaveCount(0);

  // Sorting descending puts Storefront first and is written to the address too.
  await page.getByRole('searchbox', { name: 'Search for a project' }).fill('');
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: /Sort projects/ }).click();
  await page.getByRole('option', { name: 'Name (Z–A)' }).click();
  await expect(cards.nth(0)).toContainText('Storefront');
  await expect(page).toHaveURL(/[?&]sort=name_desc/);
});

test('the grid/list choice is remembered after a reload', async ({ page }) => {
  const { orgSlug } = fx();
  await page.goto(`/dashboard/org/${orgSlug}`);
  const list = page.getByTestId('project-list');
  await expect(list).toHaveAttribute('data-view-mode', 'grid');
  await page.getByTestId('view-list').click();
  await expect(list).toHaveAttribute('data-view-mode', 'list');
  await page.screenshot({ path: `${SCREENSHOTS}/org-projects-list.png` });
  await page.reload();
  await expect(page.getByTestId('project-list')).toHaveAttribute('data-view-mode', 'list');
  expect(await page.evaluate(() => localStorage.getItem('strata.projects.view-mode'))).toBe('list');
  await page.getByTestId('view-grid').click();
  await expect(page.getByTestId('project-list')).toHaveAttribute('data-view-mode', 'grid');
});

test('the header project switcher searches the organization and keeps the sub-route when switching', async ({ page }) => {
  const { projectRef, secondProjectRef } = fx();
  // spec A2.3: the path is cut to 4 segments ('', 'project', ref, 'sql'), so /sql/1 becomes the other ref's /sql.
  await page.goto(`/dashboard/project/${projectRef}/sql/1`);
  await page.getByTestId('project-switcher').click();
  const field = page.getByTestId('project-switcher-search');
  await expect(field).toBeFocused();
  const menu = page.getByRole('menu', { name: 'Switch project' });
  await expect(menu.getByRole('menuitem', { name: 'Storefront' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'New project' })).toBeVisible();
  // Two projects: every page is loaded, so no hint.
  await expect(page.getByText('Not all projects are shown here. Try searching to find a specific project.')).toHaveCount(0);

  await field.fill('zzz');
  await expect(menu.getByRole('menuitem', { name: 'No results found.' })).toBeVisible();
  await field.fill('Ana');
  await expect(menu.getByRole('menuitem', { name: 'Storefront' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/project-switcher-search.png` });

  // Keyboard: the field keeps focus, arrow down reaches the result, Enter chooses it.
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/project/${secondProjectRef}/sql$`));
  await expect(page.getByTestId('project-switcher')).toContainText('Analytics');
});
