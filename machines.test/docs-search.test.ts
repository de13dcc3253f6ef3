// The docs search (spec B2.6, B5, B7, B9; issue 22): examples and generated paths.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { docsSearchMachine } from '../machines/docs-search.machine.ts';
import { selectDocsResults, selectDocsSearchError, selectDocsSearchPhase, selectFailedSources } from '../machines/docs-search.selectors.ts';
import { DOCS_SEARCH_DEBOUNCE_MS } from '../src/domain/docs-search.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const raw = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  path: `/docs/${id.split('#')[0]}`,
  type: 'markdown',
  title: 'Authentication',
  subtitle: 'Row level security',
  headings: ['Row level security'],
  slugs: [id.split('#')[1] ?? 'intro'],
  ...extra,
});
const RLS = raw('auth#row-level-security');
const POLICIES = raw('console#policies');

function start(useAlternateSearchIndex = false) {
  const fakes = controlledActors({ fullTextSearch: 'promise', semanticSearch: 'promise' } as const);
  const actor = createActor(docsSearchMachine.provide({ actors: fakes.logic }), { input: { useAlternateSearchIndex } }).start();
  return { actor, fakes, phase: () => selectDocsSearchPhase(actor.getSnapshot()) };
}

const type = (actor: ReturnType<typeof start>['actor'], query: string) => {
  actor.send({ type: 'search.typed', query });
  vi.advanceTimersByTime(DOCS_SEARCH_DEBOUNCE_MS);
};

afterEach(() => void vi.useRealTimers());

describe('docs-search machine', () => {
  it('waits 150 ms after typing, then runs both sources in parallel with the same key (full text trimmed)', () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start(true);
    actor.send({ type: 'search.typed', query: ' row ' });
    vi.advanceTimersByTime(DOCS_SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', query: ' row level ' });
    vi.advanceTimersByTime(DOCS_SEARCH_DEBOUNCE_MS - 1);
    expect(fakes.running()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('loading');
    expect(fakes.starts('fullTextSearch').map((s) => s.input)).toEqual([{ query: 'row level', key: 1, useAlternateSearchIndex: true }]);
    expect(fakes.starts('semanticSearch').map((s) => s.input)).toEqual([{ query: ' row level ', key: 1, useAlternateSearchIndex: true }]);
  });

  it('shows partial results from the first source, then full results merged and de-duplicated by id', async () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start();
    type(actor, 'rls');
    await fakes.resolve('semanticSearch', [RLS, { id: 'broken' }]);
    expect(phase()).toBe('partial');
    expect(selectDocsResults(actor.getSnapshot()).results.map((r) => r.id)).toEqual(['auth#row-level-security']);
    await fakes.resolve('fullTextSearch', [POLICIES, RLS]);
    expect(phase()).toBe('full');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual(['auth#row-level-security', 'console#policies']);
    expect(actor.getSnapshot().context.results[0]!.sections).toEqual([{ heading: 'Row level security', slug: 'row-level-security' }]);
  });

  it('merges by reciprocal rank fusion: a result both sources found rises above one only full text found first', async () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start();
    type(actor, 'policies');
    await fakes.resolve('fullTextSearch', [RLS, POLICIES]);
    expect(phase()).toBe('partial');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual([RLS.id, POLICIES.id]);
    await fakes.resolve('semanticSearch', [POLICIES]);
    expect(phase()).toBe('full');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual([POLICIES.id, RLS.id]);
    expect(actor.getSnapshot().context.answers.fullText.map((r) => r.id)).toEqual([RLS.id, POLICIES.id]);
  });

  it('drops the answers of a superseded query and keeps the previous results as stale while loading', async () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start();
    type(actor, 'rls');
    await fakes.resolve('fullTextSearch', [RLS]);
    await fakes.resolve('semanticSearch', []);
    expect(phase()).toBe('full');
    type(actor, 'storage');
    const first = { ...fakes.starts('fullTextSearch') };
    expect(selectDocsResults(actor.getSnapshot())).toEqual({ results: [expect.objectContaining({ id: RLS.id })], stale: true });
    type(actor, 'storage buckets');
    expect(fakes.starts('fullTextSearch')).toHaveLength(3);
    expect(first).toBeDefined();
    expect(actor.getSnapshot().context.key).toBe(3);
    // The second search's actors were stopped: only the third's answers count.
    expect(fakes.running().sort()).toEqual(['fullTextSearch', 'semanticSearch']);
    await fakes.resolve('fullTextSearch', [POLICIES]);
    expect(phase()).toBe('partial');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual([POLICIES.id]);
  });

  it('one failing source leaves the other results on screen with a note; both failing shows the error', async () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start();
    type(actor, 'rls');
    await fakes.reject('fullTextSearch', new Error('relation does not exist'));
    expect(phase()).toBe('loading');
    await fakes.resolve('semanticSearch', [RLS]);
    expect(phase()).toBe('full');
    expect(selectFailedSources(actor.getSnapshot())).toEqual(['fullText']);
    type(actor, 'x');
    await fakes.reject('fullTextSearch', new Error('relation does not exist'));
    await fakes.reject('semanticSearch', new Error("didn't get expected results array"));
    expect(phase()).toBe('error');
    expect(selectDocsSearchError(actor.getSnapshot())).toBe('relation does not exist');
  });

  it('no results when both answered empty; a blank query or reset returns to initial', async () => {
    vi.useFakeTimers();
    const { actor, fakes, phase } = start();
    type(actor, 'zzz');
    await fakes.resolve('fullTextSearch', []);
    expect(phase()).toBe('loading');
    await fakes.resolve('semanticSearch', []);
    expect(phase()).toBe('none');
    actor.send({ type: 'search.typed', query: '   ' });
    expect(phase()).toBe('initial');
    type(actor, 'rls');
    actor.send({ type: 'search.reset' });
    expect(phase()).toBe('initial');
    expect(fakes.running()).toEqual([]);
  });
});

// Generated paths: every state and transition, with each state's invariant.
type Snap = SnapshotFrom<typeof docsSearchMachine>;
const fakes = controlledActors({ fullTextSearch: 'promise', semanticSearch: 'promise' } as const);
const events: EventSample<typeof docsSearchMachine>[] = [
  { type: 'search.typed', query: 'row level' },
  { type: 'search.typed', query: ' ' },
  { type: 'search.reset' },
  { type: 'xstate.after.searchDebounce.docsSearch.debouncing' },
  { type: 'xstate.done.actor.fullTextSearch', output: [RLS] },
  { type: 'xstate.done.actor.fullTextSearch', output: [] },
  { type: 'xstate.error.actor.fullTextSearch', error: new Error('bad query') },
  { type: 'xstate.done.actor.semanticSearch', output: [POLICIES] },
  { type: 'xstate.done.actor.semanticSearch', output: [] },
  { type: 'xstate.error.actor.semanticSearch', error: new Error("didn't get expected results array") },
];

const bothFinished = (s: Snap) => ['done', 'failed'].includes(s.context.sources.fullText) && ['done', 'failed'].includes(s.context.sources.semantic);

describeMachinePaths('docs-search machine: generated paths', docsSearchMachine, {
  actors: fakes,
  input: { useAlternateSearchIndex: false },
  events,
  simplePaths: false,
  // The key only grows; what matters is the state, the sources and which results (and stale results) show.
  serializeState: (s: Snap) =>
    JSON.stringify({ v: s.value, q: s.context.query, src: s.context.sources, r: s.context.results.map((r) => r.id), st: s.context.staleResults.length > 0 }),
  required: [
    'initial --search.typed--> debouncing',
    'debouncing --xstate.after.searchDebounce.docsSearch.debouncing--> searching',
    'searching.loading --xstate.done.actor.fullTextSearch--> searching.partialResults',
    'searching.loading --xstate.done.actor.semanticSearch--> searching.partialResults',
    'searching.partialResults --xstate.done.actor.semanticSearch--> fullResults',
    'searching.partialResults --xstate.done.actor.fullTextSearch--> fullResults',
    'searching.loading --xstate.done.actor.fullTextSearch--> noResults',
    'searching.loading --xstate.error.actor.semanticSearch--> error',
    'searching.partialResults --xstate.error.actor.fullTextSearch--> fullResults',
    'searching.loading --search.typed--> debouncing',
    'fullResults --search.reset--> initial',
  ],
  invariants: {
    '*': (s) => {
      expect(new Set(s.context.results.map((r) => r.id)).size).toBe(s.context.results.length);
    },
    initial: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(s.context.results).toEqual([]);
      expect(selectDocsSearchPhase(s)).toBe('initial');
    },
    debouncing: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.query.trim()).not.toBe('');
    },
    searching: (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(bothFinished(s)).toBe(false);
      const pending = (['fullText', 'semantic'] as const).filter((n) => s.context.sources[n] === 'pending');
      expect(fakes.running().sort()).toEqual(pending.map((n) => `${n}Search`).sort());
      expect(fakes.starts('fullTextSearch').at(-1)?.input).toMatchObject({ query: s.context.query.trim(), key: s.context.key });
    },
    'searching.loading': (s) => expect(s.context.results).toEqual([]),
    'searching.partialResults': (s) => {
      expect(s.context.results.length).toBeGreaterThan(0);
      expect(selectDocsSearchPhase(s)).toBe('partial');
    },
    fullResults: (s) => {
      expect(bothFinished(s)).toBe(true);
      expect(s.context.results.length).toBeGreaterThan(0);
      expect(fakes.running()).toEqual([]);
      expect(selectDocsResults(s).stale).toBe(false);
    },
    noResults: (s) => {
      expect(bothFinished(s)).toBe(true);
      expect(s.context.results).toEqual([]);
      expect(selectFailedSources(s).length).toBeLessThan(2);
    },
    error: (s) => {
      expect(bothFinished(s)).toBe(true);
      expect(s.context.results).toEqual([]);
      expect(selectFailedSources(s).length).toBeGreaterThan(0);
      expect(typeof selectDocsSearchError(s)).toBe('string');
    },
  },
});
