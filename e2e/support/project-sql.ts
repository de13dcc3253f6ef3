// SQL on a fixture project through the platform's query endpoint, for e2e specs that set up and check data.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { SESSION_KEY, STORAGE_STATE } from './fixture.ts';

/** The access token of the browser state global.setup saved (signed-in fixture user). */
export function savedSessionToken(): string {
  const state = JSON.parse(readFileSync(STORAGE_STATE, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  for (const origin of state.origins) {
    const entry = origin.localStorage.find((item) => item.name === SESSION_KEY);
    if (entry) return (JSON.parse(entry.value) as { access_token: string }).access_token;
  }
  throw new Error('no session in the saved browser state');
}

/** Runs `query` on project `ref` and returns the rows of its last statement; fails the test on an error. */
export async function projectSql<T = Record<string, unknown>>(api: APIRequestContext, ref: string, query: string): Promise<T[]> {
  const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { data: { query } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T[];
}
