// Specs that create, pause or re-plan things in the shared fixture organization put it back as they found it, so
// the specs after them (projects, team, usage, billing) see the two active projects on the free plan.
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest } from '@playwright/test';
import { SESSION_KEY, STORAGE_STATE, readFixture } from './fixture.ts';
import { E2E_BASE } from './ports.ts';

const baseURL = () => E2E_BASE;

/** The signed-in fixture user's access token, from the saved browser state (afterAll has no page). */
function fixtureToken(): string {
  const state = JSON.parse(readFileSync(STORAGE_STATE, 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  for (const origin of state.origins) {
    const entry = origin.localStorage.find((item) => item.name === SESSION_KEY);
    if (entry) return (JSON.parse(entry.value) as { access_token: string }).access_token;
  }
  throw new Error('no session in the saved browser state');
}

/** Deletes `createdRefs`, puts the fixture organization back on the free plan and resumes its paused projects. */
export async function leaveFixtureAsFound(createdRefs: Iterable<string | undefined>): Promise<void> {
  const fx = readFixture();
  const api = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${fixtureToken()}` },
  });
  try {
    for (const ref of createdRefs) {
      if (!ref) continue;
      const deleted = await api.delete(`/api/platform/projects/${ref}`);
      expect([200, 404]).toContain(deleted.status());
    }
    expect((await api.patch(`/api/platform/organizations/${fx.orgSlug}`, { data: { plan: 'free' } })).ok()).toBe(true);
    for (const ref of [fx.projectRef, fx.secondProjectRef]) {
      const status = async () => (await (await api.get(`/api/platform/projects/${ref}/status`)).json()).status as string;
      if ((await status()) === 'INACTIVE') {
        // A spec may have moved the pause date past the 90 days (developer switch, on in e2e): paused just now.
        expect((await api.post(`/api/platform/dev/projects/${ref}`, { data: { paused_at: new Date().toISOString() } })).ok()).toBe(true);
        const restored = await api.post(`/api/platform/projects/${ref}/restore`, { data: {} });
        expect(restored.ok(), await restored.text()).toBe(true);
      }
      await expect.poll(status, { timeout: 60_000 }).toBe('ACTIVE_HEALTHY');
    }
  } finally {
    await api.dispose();
  }
}
