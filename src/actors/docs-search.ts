// The docs search's two sources (spec B7; issue 22), on the docs service: the platform that serves the console
// (it hosts /docs and the search endpoints). Aborted by the machine when a newer query supersedes them.
import { fromPromise } from 'xstate';
import { docsSearchMachine, type DocsSourceInput } from '../../machines/docs-search.machine.ts';
import { DOCS_PUBLIC_KEY, DOCS_SEARCH_PATHS } from '../domain/docs-search.ts';

const headers = {
  'content-type': 'application/json',
  apikey: DOCS_PUBLIC_KEY,
  authorization: `Bearer ${DOCS_PUBLIC_KEY}`,
};

type Fetch = typeof globalThis.fetch;

function messageOf(body: unknown): string {
  return body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
}

/** spec B7/B8: full text; a non-array answer is an error with the server's message (or empty text). */
export async function fullTextSearch(input: DocsSourceInput, signal: AbortSignal, fetchImpl: Fetch = fetch, host = ''): Promise<unknown[]> {
  let body: unknown;
  try {
    const path = input.useAlternateSearchIndex ? DOCS_SEARCH_PATHS.fullTextAlternate : DOCS_SEARCH_PATHS.fullText;
    const response = await fetchImpl(`${host}${path}`, { method: 'POST', headers, body: JSON.stringify({ query: input.query }), signal });
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    // spec B8: a network failure is logged and counts as an error with an empty message.
    console.error('[ERROR] Error fetching Full Text Search results:', error);
    throw new Error('');
  }
  if (!Array.isArray(body)) throw new Error(messageOf(body));
  return body;
}

/** spec B7/B8: semantic search; a non-array answer is "didn't get expected results array". */
export async function semanticSearch(input: DocsSourceInput, signal: AbortSignal, fetchImpl: Fetch = fetch, host = ''): Promise<unknown[]> {
  const response = await fetchImpl(`${host}${DOCS_SEARCH_PATHS.semantic}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: input.query, useAlternateSearchIndex: input.useAlternateSearchIndex }),
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!Array.isArray(body)) throw new Error("didn't get expected results array");
  return body;
}

export const docsSearchWithPlatform = () =>
  docsSearchMachine.provide({
    actors: {
      fullTextSearch: fromPromise<unknown, DocsSourceInput>(({ input, signal }) => fullTextSearch(input, signal)),
      semanticSearch: fromPromise<unknown, DocsSourceInput>(({ input, signal }) => semanticSearch(input, signal)),
    },
  });
