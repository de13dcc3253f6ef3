import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { workerCount } from './workers.ts';

/** Several runs may share a machine: each gets its own output folder (E2E_OUTPUT), port and data folder. */
export const E2E_OUTPUT = process.env.E2E_OUTPUT ?? 'test-results';

/**
 * Playwright workers running at once. Each has its own fixture (user, organization, two projects), made by
 * global.setup before any spec: specs pause, re-plan and fill the fixture's projects, and two workers sharing one
 * would see each other's changes.
 */
export const E2E_WORKERS = workerCount(process.env.E2E_WORKERS);

/** The fixture and saved session of the worker slot `index` (Playwright's TEST_PARALLEL_INDEX, 0 … workers − 1). */
export function fixturePaths(index: number): { fixture: string; storageState: string } {
  return { fixture: `${E2E_OUTPUT}/.auth/fixture-${index}.json`, storageState: `${E2E_OUTPUT}/.auth/user-${index}.json` };
}

// Playwright sets TEST_PARALLEL_INDEX in a worker before it loads the config and the specs, so these name the
// running worker's own fixture (slot 0 in the runner process, which reads neither).
const SLOT = fixturePaths(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const FIXTURE_FILE = SLOT.fixture;
export const STORAGE_STATE = SLOT.storageState;
export const SESSION_KEY = 'strata.dashboard.auth.token';

/** What global.setup created through the real UI and API: a signed-up user, an organization and a project. */
export interface E2EFixture {
  email: string;
  password: string;
  orgSlug: string;
  orgName: string;
  projectRef: string;
  projectName: string;
  secondProjectRef: string;
}

export function readFixture(): E2EFixture {
  if (!existsSync(FIXTURE_FILE)) {
    // Playwright's --workers above E2E_WORKERS gives a worker a slot global.setup made no fixture for.
    throw new Error(`no e2e fixture at ${FIXTURE_FILE}: global.setup makes one per worker for E2E_WORKERS=${E2E_WORKERS}; set E2E_WORKERS instead of --workers`);
  }
  return JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as E2EFixture;
}

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.access_token as string | undefined, SESSION_KEY);
  if (!token) throw new Error('no session in localStorage');
  return token;
}

export const SCREENSHOTS = 'e2e/screenshots';

/** The local inbox opens only with the token the platform writes to its data folder (README, issue 13). */
export function inboxToken(): string {
  return readFileSync(join(resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'), 'auth-inbox-token'), 'utf8').trim();
}

export interface InboxMail {
  to: string;
  subject: string;
  code: string | null;
  link: string | null;
  created_at: string;
}

/** The newest mail to an address in the local inbox, optionally of one subject. */
export async function latestMail(request: APIRequestContext, email: string, subject?: string): Promise<InboxMail | undefined> {
  const response = await request.get(`/auth/v1/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
    headers: { 'x-strata-inbox-token': inboxToken() },
  });
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: InboxMail[] };
  return messages.find((m) => subject === undefined || m.subject === subject);
}

/** Subject of the mail a sign-up sends (server/auth/mail.ts). */
export const SIGN_UP_MAIL = 'Confirm your sign-up';
export const CHECK_EMAIL_TO_CONFIRM = 'Check your email to confirm your account, then sign in.';

/**
 * Signs up in the console as a newcomer does (issue 13 finding 6: an address counts once it is proven): the form,
 * 'Check your email…', then the link of the confirmation mail from the local inbox, which lands signed in.
 */
export async function signUpAndConfirm(page: Page, request: APIRequestContext, email: string, password: string): Promise<void> {
  await page.goto('/dashboard/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText(CHECK_EMAIL_TO_CONFIRM);
  let mail: InboxMail | undefined;
  await expect.poll(async () => (mail = await latestMail(request, email, SIGN_UP_MAIL))?.link).toBeTruthy();
  await page.goto(mail!.link!);
  await expect(page).toHaveURL(/\/dashboard\/(organizations|org\/[^/?#]+)$/);
}
