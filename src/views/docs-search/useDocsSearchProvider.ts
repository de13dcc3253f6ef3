import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { docsSearchWithPlatform } from '../../actors/docs-search.ts';
import { docsHrefWithContext, docsResultHref } from '../../domain/docs-search.ts';
import { selectDocsResults, selectDocsSearchError, selectDocsSearchPhase, selectFailedSources } from '../../../machines/docs-search.selectors.ts';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import type { CommandGroup, CommandMenuContext } from '../command-menu/providers.ts';

const SOURCE_LABEL = { fullText: 'Full-text search', semantic: 'Semantic search' } as const;

/** The docs search as a command menu group (spec B2.6): partial while one source loads, full when both answered. */
export function useDocsSearchProvider(query: string, context: CommandMenuContext): CommandGroup {
  const flags = useFeatureFlags();
  // spec B7: the alternate index when search:fullIndex is off.
  const machine = useMemo(() => docsSearchWithPlatform(), []);
  const actor = useActorRef(machine, { input: { useAlternateSearchIndex: flags.searchFullIndex === false } });
  // The typed text goes to the machine, which debounces it (spec B9).
  useEffect(() => actor.send({ type: 'search.typed', query }), [actor, query]);
  const phase = useSelector(actor, selectDocsSearchPhase);
  const { results, stale } = useSelector(actor, selectDocsResults);
  const failed = useSelector(actor, selectFailedSources, (a, b) => a.join() === b.join());
  const error = useSelector(actor, selectDocsSearchError);
  const status = phase === 'initial' ? 'idle' : phase === 'full' ? 'ready' : phase === 'partial' ? 'partial' : phase === 'none' ? 'empty' : phase === 'error' ? 'error' : 'loading';
  return {
    id: 'docs',
    heading: 'Docs',
    status,
    stale,
    note:
      phase === 'error'
        ? error || 'The docs search failed.'
        : failed.length === 1
          ? `${SOURCE_LABEL[failed[0]!]} is unavailable; showing the other results.`
          : null,
    items: results.map((result) => ({
      id: `docs:${result.id}`,
      label: result.subtitle ? `${result.title} › ${result.subtitle}` : result.title,
      detail: result.description,
      run: () => {
        window.open(docsHrefWithContext(docsResultHref(result), context), '_blank', 'noopener');
      },
    })),
  };
}
