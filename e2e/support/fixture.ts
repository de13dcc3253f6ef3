import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** Several runs may share a machine: each gets its own output folder (E2E_OUTPUT), port and data folder. */
export const E2E_OUTPUT = process.env.E2E_OUTPUT ?? 'test-results';
export const FIXTURE_FILE = `${E2E_OUTPUT}/.auth/fixture.json`;
export const STORAGE_STATE = `${E2E_OUTPUT}/.auth/user.json`;
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
