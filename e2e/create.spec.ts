import { expect, test } from '@playwright/test';
import { SCREENSHOTS, accessToken } from './support/fixture.ts';

// Creating an organization and its first project through the console, then renaming and deleting organizations
// (spec A2.2 /new, /new/{orgSlug}, /org/{slug}/general; A5 typed confirmation).
test('a new organization, its first project built to ACTIVE_HEALTHY, a rename and a typed-confirmation delete', async ({ page, request }) => {
  const orgName = `Northwind ${Date.now()}`;
  await page.goto('/dashboard/new');
  await expect(page.getByRole('heading', { name: 'Create a new organization' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByText('Every plan is free of charge on the local platform: nothing is billed.')).toBeVisible();

  // A clear message, and nothing sent, without a name.
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('Enter a name for your organization.')).toBeVisible();
  await page.getByLabel('Name').fill(orgName);
  await page.getByRole('button', { name: /Plan$/ }).click();
  await page.getByRole('option', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Create organization' }).click();

  await expect(page).toHaveURL(/\/dashboard\/new\/northwind-\d+$/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible();
  await expect(page.getByTestId('new-project-org')).toHaveText(orgName);
  await expect(page.getByRole('button', { name: /Postgres version$/ })).toContainText(/Postgres \d+/);

  // A fresh form shows no validation message (issue 15).
  await expect(page.getByTestId('password-strength')).not.toContainText('Enter a database password.');
  await page.getByLabel('Project name').fill('Inventory');
  const password = page.getByLabel('Database password');
  await password.fill('password1');
  const strength = page.getByTestId('password-strength');
  await expect(strength).toContainText('This password is too common and easy to guess.');
  await page.getByRole('button', { name: 'Create new project' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/new/${slug}$`));
  await expect(page.getByLabel('Project name')).toHaveValue('Inventory'); // nothing typed is lost

  await page.getByRole('button', { name: 'Generate a password' }).click();
  await expect(strength).toContainText('This password is strong.');
  await expect(strength).toHaveAttribute('data-score', '4');
  expect((await password.inputValue()).length).toBe(20);
  await page.screenshot({ path: `${SCREENSHOTS}/new-project.png` });

  await page.getByRole('button', { name: 'Create new project' }).click();
  await expect(page).toHaveURL(/\/dashboard\/project\/[a-z]{20}$/);
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  // The home re-reads the status every 4 s while the project is built.
  // Labels, not the raw API values (issue 15: the home showed 'ACTIVE_HEALTHY' and 'ci_micro').
  await expect(page.getByTestId('project-status')).toHaveText('Active', { timeout: 45_000 });
  await expect(page.getByTestId('project-compute')).toHaveText('Micro');

  // Rename the project (issue 15): settings General; the header's switcher follows.
  const projectRef = new URL(page.url()).pathname.split('/').pop()!;
  await page.goto(`/dashboard/project/${projectRef}/settings/general`);
  const projectName = page.getByLabel('Project name');
  await expect(projectName).toHaveValue('Inventory');
  await projectName.fill('   ');
  await page.getByRole('form', { name: 'Rename project' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a name for your project.')).toBeVisible();
  await projectName.fill('Inventory Two');
  await page.getByRole('form', { name: 'Rename project' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project name saved')).toBeVisible();
  await expect(page.getByTestId('project-switcher')).toContainText('Inventory Two');
  await page.reload();
  await expect(page.getByLabel('Project name')).toHaveValue('Inventory Two');

  // Rename the organization.
  await page.goto(`/dashboard/org/${slug}/general`);
  await expect(page.getByTestId('org-slug')).toHaveText(slug);
  await expect(page.getByTestId('org-plan')).toHaveText('Team');
  const nameField = page.getByLabel('Organization name');
  await nameField.fill(`${orgName} Ltd`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organization name saved')).toBeVisible();
  await expect(page.getByTestId('org-switcher')).toContainText(`${orgName} Ltd`);
  await page.reload();
  await expect(page.getByLabel('Organization name')).toHaveValue(`${orgName} Ltd`);

  // It still has a project: the platform refuses, and its message is shown.
  await page.getByRole('button', { name: 'Delete organization' }).click();
  let dialog = page.getByRole('alertdialog');
  await dialog.getByLabel(/Type .* to confirm\./).fill(slug);
  await dialog.getByRole('button', { name: 'Delete organization' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This organization still has projects: delete them first' })).toBeVisible();

  // An empty organization goes through the typed confirmation.
  const token = await accessToken(page);
  const empty = await (
    await request.post('/api/platform/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Empty ${Date.now()}` } })
  ).json();
  await page.goto(`/dashboard/org/${empty.slug}/general`);
  await page.getByRole('button', { name: 'Delete organization' }).click();
  dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Delete organization' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type .* to confirm\./).fill('wrong');
  await expect(dialog.getByText('Value entered does not match')).toBeVisible();
  await dialog.getByLabel(/Type .* to confirm\./).fill(empty.slug);
  await confirm.click();
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);
  await expect(page.getByRole('link', { name: new RegExp(empty.name) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(`${orgName} Ltd`) })).toBeVisible();
});

test('a product-managed organization shows no partner hint and keeps its own billing page', async ({ page, request }) => {
  // Locally no organization is partner-managed; the platform API cannot set managed_by, so this checks that a
  // product-managed organization shows no partner hint and the billing page stays the product's.
  const token = await (async () => {
    await page.goto('/dashboard/organizations');
    return accessToken(page);
  })();
  const org = await (
    await request.post('/api/platform/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Own ${Date.now()}` } })
  ).json();
  await page.reload();
  await expect(page.getByRole('link', { name: new RegExp(org.name) })).toBeVisible();
  await expect(page.getByTestId('managed-by-hint')).toHaveCount(0);
  await page.goto(`/dashboard/org/${org.slug}/billing`);
  await expect(page.getByTestId('partner-managed')).toHaveCount(0);
});
