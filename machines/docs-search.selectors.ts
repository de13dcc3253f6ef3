import type { SnapshotFrom } from 'xstate';
import type { DocsSearchResult } from '../src/domain/docs-search.ts';
import type { DocsSearchMachine, DocsSourceName } from './docs-search.machine.ts';

type Snap = SnapshotFrom<DocsSearchMachine>;

export type DocsSearchPhase = 'initial' | 'loading' | 'partial' | 'full' | 'none' | 'error';

export function selectDocsSearchPhase(s: Snap): DocsSearchPhase {
  if (s.matches('initial')) return 'initial';
  if (s.matches({ searching: 'partialResults' })) return 'partial';
  if (s.matches('fullResults')) return 'full';
  if (s.matches('noResults')) return 'none';
  if (s.matches('error')) return 'error';
  return 'loading';
}

/** What the list shows: the current results, or the previous ones while a new search has none yet (spec B5). */
export function selectDocsResults(s: Snap): { results: DocsSearchResult[]; stale: boolean } {
  if (s.context.results.length > 0 || !s.hasTag('busy')) return { results: s.context.results, stale: false };
  return { results: s.context.staleResults, stale: s.context.staleResults.length > 0 };
}

/** The sources that failed while results show (the note beside them). */
export function selectFailedSources(s: Snap): DocsSourceName[] {
  return (['fullText', 'semantic'] as const).filter((name) => s.context.sources[name] === 'failed');
}

/** The error state's text: the full-text server's message, else the semantic one's (spec B8). */
export function selectDocsSearchError(s: Snap): string | null {
  if (!s.matches('error')) return null;
  return s.context.errors.fullText || s.context.errors.semantic || '';
}
