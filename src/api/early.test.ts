import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUEST_MAX_AGE_MS, earlyRequestsFor, type EarlyRequests } from '../domain/early-requests.ts';
import { listQueryOf, parseProjectListSearch } from '../domain/project-list.ts';
import { parseSearchString } from '../domain/navigation/search.ts';
import { PROJECT_LIST_PAGE_SIZE } from '../domain/projects.ts';
import { setAccessTokenGetter } from './client.ts';
import { takeEarlyResponse } from './early.ts';
import { fetchOrganization, fetchOrganizationProjects, fetchOrganizations, fetchProject } from './platform.ts';
import { fetchPermissions } from './project-lifecycle.ts';
import { fetchSchemas, openTable } from './table-editor.ts';

const REF = 'abcdefghijabcdefghij';
const ORIGIN = 'http://127.0.0.1:54321';
const global = globalThis as unknown as { __strataEarly?: EarlyRequests };

function early(responses: Record<string, Promise<Response | null>>, token = 'T', at = 0): void {
  global.__strataEarly = { token, at, responses };
}

afterEach(() => {
  delete global.__strataEarly;
  vi.unstubAllGlobals();
});

describe('takeEarlyResponse', () => {
  it('gives the answer of the same GET with the same token once', async () => {
    const answer = Promise.resolve(new Response('[]'));
    early({ '/api/platform/organizations': answer });
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations`, 'T', 5)).toBe(answer);
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations`, 'T', 5)).toBeNull();
  });

  it('leaves it to the network for another token, method, URL or query, and once too old', () => {
    const answer = Promise.resolve(new Response('[]'));
    early({ '/api/platform/organizations?limit=1': answer });
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations?limit=1`, 'other', 5)).toBeNull();
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations?limit=1`, null, 5)).toBeNull();
    expect(takeEarlyResponse('POST', `${ORIGIN}/api/platform/organizations?limit=1`, 'T', 5)).toBeNull();
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations`, 'T', 5)).toBeNull();
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations?limit=2`, 'T', 5)).toBeNull();
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations?limit=1`, 'T', EARLY_REQUEST_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations?limit=1`, 'T', 5)).toBe(answer);
  });

  it('is nothing without the early record', () => {
    expect(takeEarlyResponse('GET', `${ORIGIN}/api/platform/organizations`, 'T', 5)).toBeNull();
  });
});

describe('the API client with early requests', () => {
  let sent: string[];
  beforeEach(() => {
    sent = [];
    setAccessTokenGetter(async () => 'T');
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(new URL(request.url).pathname + new URL(request.url).search);
      return new Response(JSON.stringify({ from: 'network' }), { headers: { 'content-type': 'application/json' } });
    });
  });

  it('answers from the early request without a second fetch, and from the network after', async () => {
    early({ [`/api/platform/projects/${REF}`]: Promise.resolve(Response.json({ from: 'early' })) }, 'T', performance.now());
    expect(await fetchProject(REF)).toEqual({ from: 'early' });
    expect(sent).toEqual([]);
    expect(await fetchProject(REF)).toEqual({ from: 'network' });
    expect(sent).toEqual([`/api/platform/projects/${REF}`]);
  });

  it('asks the network when the early request failed', async () => {
    early({ [`/api/platform/projects/${REF}`]: Promise.resolve(null) }, 'T', performance.now());
    expect(await fetchProject(REF)).toEqual({ from: 'network' });
  });

  it('keeps an early error answer an error, as the same answer from the network would be', async () => {
    early({ [`/api/platform/projects/${REF}`]: Promise.resolve(Response.json({ message: 'Project not found' }, { status: 404 })) }, 'T', performance.now());
    await expect(fetchProject(REF)).rejects.toMatchObject({ status: 404, message: 'Project not found' });
    expect(sent).toEqual([]);
  });

  // The list is only useful if each URL is exactly the one the console asks for: built here by the API functions the
  // pages call, with the arguments their routes give them.
  it('lists exactly the URLs the console asks for on the pages it covers', async () => {
    const asked = async (call: () => Promise<unknown>) => {
      sent = [];
      await call();
      return sent[0];
    };
    const shell = [await asked(fetchOrganizations), await asked(fetchPermissions), await asked(() => fetchProject(REF))];
    expect(earlyRequestsFor(`/project/${REF}`, '')).toEqual(shell);
    expect(earlyRequestsFor(`/project/${REF}/editor/42`, '?schema=s&sort=score%3Adesc&filter=name%3Aeq%3Aa+b')).toEqual([
      ...shell,
      await asked(() => fetchSchemas(REF)),
      await asked(() => openTable(REF, 42, { sort: 'score:desc', filter: 'name:eq:a b' })),
    ]);
    for (const search of ['', '?sort=created_desc&search=%20shop%20&statuses=ACTIVE_HEALTHY']) {
      const list = listQueryOf(parseProjectListSearch(parseSearchString(search)));
      const query = { limit: PROJECT_LIST_PAGE_SIZE, offset: 0, sort: list.sort, search: list.search.trim(), statuses: list.statuses };
      expect(earlyRequestsFor('/org/acme', search)).toEqual([
        await asked(fetchOrganizations),
        await asked(() => fetchOrganization('acme')),
        await asked(() => fetchOrganizationProjects('acme', query)),
      ]);
    }
  });

  it('lists nothing for a malformed ref or slug, or a page it does not cover', () => {
    expect(earlyRequestsFor('/project/NOT-A-REF', '')).toEqual([]);
    expect(earlyRequestsFor('/org/-bad-', '')).toEqual([]);
    expect(earlyRequestsFor('/sign-in', '')).toEqual([]);
    expect(earlyRequestsFor('/account/me', '')).toEqual([]);
  });
});
