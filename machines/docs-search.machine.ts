// The docs search (spec B2.6, B5 'Docs search', B7, B9; issue 22). Typing waits for a pause (`searchDebounce`,
// 150 ms), then both sources — full text and semantic — run in parallel for the trimmed query, under a new key.
// Results show as partial while one source is still loading and full once both answered; a failing source leaves
// the other's results on screen with a note, and the error state only shows when both finished with nothing.
// Typing again (or reset) leaves the searching state, which stops both running searches: answers to a superseded
// query never land.
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { DOCS_SEARCH_DEBOUNCE_MS, fuseDocsResults, normalizeDocsResult, type DocsSearchResult } from '../src/domain/docs-search.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export type DocsSourceStatus = 'idle' | 'pending' | 'done' | 'failed';
export type DocsSourceName = 'fullText' | 'semantic';

export interface DocsSearchContext {
  /** The text as typed. */
  query: string;
  /** spec B5: every dispatched search carries an increasing key. */
  key: number;
  /** Both sources' answers merged (reciprocal rank fusion, de-duplicated by id). */
  results: DocsSearchResult[];
  /** Each source's own answer to the current key, in its order (what `results` is fused from). */
  answers: Record<DocsSourceName, DocsSearchResult[]>;
  /** The previous search's results, shown dimmed while the next one loads (spec B5). */
  staleResults: DocsSearchResult[];
  sources: Record<DocsSourceName, DocsSourceStatus>;
  /** A source's failure text (the server's message, or '' for a network failure). */
  errors: Partial<Record<DocsSourceName, string>>;
  /** true when the flag search:fullIndex is off (spec B7). */
  useAlternateSearchIndex: boolean;
}

export interface DocsSearchInput {
  useAlternateSearchIndex: boolean;
}

export interface DocsSearchTypedEvent {
  type: 'search.typed';
  query: string;
}
export interface DocsSearchResetEvent {
  type: 'search.reset';
}
export type DocsSearchEvent = DocsSearchTypedEvent | DocsSearchResetEvent;

export interface DocsSourceInput {
  query: string;
  key: number;
  useAlternateSearchIndex: boolean;
}

const IDLE_SOURCES = { fullText: 'idle', semantic: 'idle' } as const satisfies Record<DocsSourceName, DocsSourceStatus>;
const NO_ANSWERS = (): Record<DocsSourceName, DocsSearchResult[]> => ({ fullText: [], semantic: [] });

function normalizeAll(output: unknown): DocsSearchResult[] {
  return Array.isArray(output) ? output.map(normalizeDocsResult).filter((r): r is DocsSearchResult => r !== null) : [];
}

const other = (source: DocsSourceName): DocsSourceName => (source === 'fullText' ? 'semantic' : 'fullText');
const finished = (status: DocsSourceStatus) => status === 'done' || status === 'failed';

type SourceParams = { source: DocsSourceName };
/** A source's answer: its name and the output of its search. */
type AnswerParams = SourceParams & { output: unknown };
/** A source's failure: its name and the error of its search. */
type FailureParams = SourceParams & { error: unknown };
const answersWith = (context: DocsSearchContext, { source, output }: AnswerParams) => ({ ...context.answers, [source]: normalizeAll(output) });
/** spec B5: the answers of the same key merge, de-duplicated by id; full text first where ranks tie. */
const fused = (answers: Record<DocsSourceName, DocsSearchResult[]>) => fuseDocsResults([answers.fullText, answers.semantic]);
const mergedWith = (context: DocsSearchContext, answer: AnswerParams) => fused(answersWith(context, answer));

/** The transitions of one source's answer (both sources share them, spec B5). */
function sourceHandlers(source: DocsSourceName) {
  const params = { source };
  const answer = ({ event }: { event: DoneActorEvent<unknown> }): AnswerParams => ({ source, output: event.output });
  const failure = ({ event }: { event: ErrorActorEvent }): FailureParams => ({ source, error: event.error });
  return {
    onDone: [
      { guard: { type: 'otherFinishedWithAnswer', params: answer }, target: '#docsSearch.fullResults', actions: { type: 'sourceAnswered', params: answer } },
      { guard: { type: 'otherFinished', params }, target: '#docsSearch.noResults', actions: { type: 'sourceAnswered', params: answer } },
      { guard: { type: 'answerHasResults', params: answer }, target: '.partialResults', actions: { type: 'sourceAnswered', params: answer } },
      { target: '.loading', actions: { type: 'sourceAnswered', params: answer } },
    ],
    onError: [
      { guard: { type: 'otherFinishedWithResults', params }, target: '#docsSearch.fullResults', actions: { type: 'sourceFailed', params: failure } },
      { guard: { type: 'otherFinished', params }, target: '#docsSearch.error', actions: { type: 'sourceFailed', params: failure } },
      // spec B5: otherwise the state is unchanged (the other source is still loading).
      { actions: { type: 'sourceFailed', params: failure } },
    ],
  } as const;
}

export const docsSearchMachine = setup({
  types: {} as {
    context: DocsSearchContext;
    events: DocsSearchEvent;
    input: DocsSearchInput;
    tags: 'busy' | 'error';
  },
  actors: {
    fullTextSearch: fromPromise<unknown, DocsSourceInput>(notProvidedStub('full-text docs search')),
    semanticSearch: fromPromise<unknown, DocsSourceInput>(notProvidedStub('semantic docs search')),
  },
  delays: {
    searchDebounce: DOCS_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    otherFinished: ({ context }, { source }: SourceParams) => finished(context.sources[other(source)]),
    otherFinishedWithAnswer: ({ context }, answer: AnswerParams) =>
      finished(context.sources[other(answer.source)]) && mergedWith(context, answer).length > 0,
    otherFinishedWithResults: ({ context }, { source }: SourceParams) => finished(context.sources[other(source)]) && context.results.length > 0,
    answerHasResults: ({ context }, answer: AnswerParams) => mergedWith(context, answer).length > 0,
    blankQuery: ({ event }) => event.type === 'search.typed' && event.query.trim() === '',
  },
  actions: {
    sourceAnswered: assign(({ context }, answer: AnswerParams) => ({
      answers: answersWith(context, answer),
      results: mergedWith(context, answer),
      sources: { ...context.sources, [answer.source]: 'done' as const },
    })),
    sourceFailed: assign(({ context }, { source, error }: FailureParams) => ({
      sources: { ...context.sources, [source]: 'failed' as const },
      errors: { ...context.errors, [source]: errorMessage(error, '') },
    })),
    reset: assign(({ context }) => ({ query: '', key: context.key + 1, results: [], answers: NO_ANSWERS(), staleResults: [], sources: { ...IDLE_SOURCES }, errors: {} })),
    dispatch: assign(({ context }) => ({
      key: context.key + 1,
      staleResults: context.results.length > 0 ? context.results : context.staleResults,
      results: [],
      answers: NO_ANSWERS(),
      sources: { fullText: 'pending', semantic: 'pending' },
      errors: {},
    })),
  },
}).createMachine({
  id: 'docsSearch',
  context: ({ input }) => ({
    query: '',
    key: 0,
    results: [],
    answers: NO_ANSWERS(),
    staleResults: [],
    sources: { ...IDLE_SOURCES },
    errors: {},
    useAlternateSearchIndex: input.useAlternateSearchIndex,
  }),
  initial: 'initial',
  on: {
    'search.typed': [
      { guard: 'blankQuery', target: '.initial', actions: 'reset' },
      { target: '.debouncing', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
    ],
    'search.reset': { target: '.initial', actions: 'reset' },
  },
  states: {
    initial: {},
    debouncing: {
      tags: ['busy'],
      after: { searchDebounce: { target: 'searching', actions: 'dispatch' } },
    },
    searching: {
      tags: ['busy'],
      initial: 'loading',
      invoke: [
        {
          id: 'fullTextSearch',
          src: 'fullTextSearch',
          input: ({ context }) => ({ query: context.query.trim(), key: context.key, useAlternateSearchIndex: context.useAlternateSearchIndex }),
          ...sourceHandlers('fullText'),
        },
        {
          id: 'semanticSearch',
          src: 'semanticSearch',
          input: ({ context }) => ({ query: context.query, key: context.key, useAlternateSearchIndex: context.useAlternateSearchIndex }),
          ...sourceHandlers('semantic'),
        },
      ],
      states: {
        loading: {},
        partialResults: {},
      },
    },
    fullResults: {},
    noResults: {},
    error: { tags: ['error'] },
  },
});

export type DocsSearchMachine = typeof docsSearchMachine;
