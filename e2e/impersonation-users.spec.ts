import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Role impersonation by searching the project's own auth users (issue 14, spec B2.7): two users signed up through
// the project's auth admin API, a table whose RLS policy is `auth.uid() = owner`; in the table editor the role
// picker's 'User' field finds one by part of her address, and the grid then shows only her rows.
const SCHEMA = 'e2e_impersonate_users';
const fx = () => readFixture();

let api: APIRequestContext;
let page: Page;
let tableId: number;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);
const stamp = Date.now().toString(36);
const ada = `ada.${stamp}@example.com`;
const bob = `bob.${stamp}@example.com`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  const settings = await api.get(`/api/platform/projects/${fx().projectRef}/settings`);
  expect(settings.ok()).toBe(true);
  const keys = ((await settings.json()) as { service_api_keys: Array<{ tags: string; api_key: string }> }).service_api_keys;
  const service = keys.find((key) => key.tags === 'service_role')!.api_key;
  const ids: Record<string, string> = {};
  for (const email of [ada, bob]) {
    const created = await api.post(`/p/${fx().projectRef}/auth/v1/admin/users`, {
      headers: { apikey: service, authorization: `Bearer ${service}` },
      data: { email, password: 'Strong-pass-123', email_confirm: true },
    });
    expect(created.ok(), await created.text()).toBe(true);
    ids[email] = ((await created.json()) as { id: string }).id;
  }
  await sql(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to authenticated;
    create table ${SCHEMA}.notes (id int primary key, owner uuid not null, body text);
    alter table ${SCHEMA}.notes enable row level security;
    create policy own_notes on ${SCHEMA}.notes for select to authenticated using (auth.uid() = owner);
    grant select on ${SCHEMA}.notes to authenticated;
    insert into ${SCHEMA}.notes values (1, '${ids[ada]}', 'ada one'), (2, '${ids[bob]}', 'bob one'), (3, '${ids[ada]}', 'ada two');`);
  tableId = (await sql<{ id: number }>(`select '${SCHEMA}.notes'::regclass::oid::int as id`))[0]!.id;
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await sql(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

test('finds a project user by part of her address and shows only her rows under RLS', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/editor/${tableId}?schema=${SCHEMA}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByText('bob one')).toBeVisible();

  await page.getByRole('button', { name: /^Role/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a role to preview data as' });
  await picker.getByRole('radio', { name: /^authenticated/ }).check();
  const field = picker.getByRole('combobox', { name: 'User' });
  await field.fill(`ADA.${stamp}`);
  const option = page.getByRole('option', { name: new RegExp(ada.replace(/\./g, '\\.')) });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(bob.replace(/\./g, '\\.')) })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/impersonation-user-search.png` });
  await expectNoAxeFindings(page, 'role picker with the user search open');
  await option.click();
  await picker.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('button', { name: /^Role: authenticated/ })).toBeVisible();
  await expect(grid.getByText('ada one')).toBeVisible();
  await expect(grid.getByText('ada two')).toBeVisible();
  await expect(grid.getByText('bob one')).toHaveCount(0);
});

test('Authentication → Users: Impersonate user opens the editors as her; her table shows only her rows', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/auth/users`);
  await page.getByRole('searchbox').fill(`bob.${stamp}`);
  await page.getByRole('button', { name: `View user ${bob}` }).click();
  const panel = page.getByRole('dialog', { name: `User ${bob}` });
  await panel.getByRole('button', { name: 'Impersonate user' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/editor`));
  await expect(page.getByText(`Impersonating ${bob}`)).toBeVisible();

  // Within the loaded console, as a link would (a reload would start a new console with no impersonation).
  await page.evaluate((next) => {
    window.history.pushState({}, '', next);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, `/dashboard/project/${fx().projectRef}/editor/${tableId}?schema=${SCHEMA}`);
  const grid = page.getByRole('grid');
  await expect(page.getByRole('button', { name: /^Role: authenticated/ })).toBeVisible();
  await expect(grid.getByText('bob one')).toBeVisible();
  await expect(grid.getByText('ada one')).toHaveCount(0);
  await expect(grid.getByText('ada two')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/impersonation-from-users-page.png` });
});
