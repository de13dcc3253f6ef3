import { readFileSync } from 'node:fs';
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
