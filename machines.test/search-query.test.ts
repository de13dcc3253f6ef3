// A search box's query (issue 15): typing settles into the query after the pause, each keystroke restarts it,
// clearing applies at once, a reset empties both; `query.settled` is said once per change. Examples, generated
// paths, and a property over typing sequences.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { searchQueryMachine } from '../machines/search-query.machine.ts';
import { selectSearchPending, selectSearchQuery, selectSearchText } from '../machines/search-query.selectors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const PAUSE = 300;

function start() {
  const actor = createActor(searchQueryMachine.provide({ delays: { typingPause: PAUSE } })).start();
  const settled: string[] = [];
  actor.on('query.settled', (event) => settled.push(event.query));
  return { actor, settled };
}

describe('search-query machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles the trimmed text once typing pauses, each keystroke starting the pause again', () => {
    const { actor, settled } = start();
    actor.send({ type: 'query.type', text: 'in' });
    vi.advanceTimersByTime(PAUSE - 1);
    actor.send({ type: 'query.type', text: 'inv ' });
    expect(selectSearchText(actor.getSnapshot())).toBe('inv ');
    expect(selectSearchPending(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(PAUSE - 1);
    expect(settled).toEqual([]);
    expect(selectSearchQuery(actor.getSnapshot())).toBe('');
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(['inv']);
    expect(selectSearchQuery(actor.getSnapshot())).toBe('inv');
    expect(selectSearchPending(actor.getSnapshot())).toBe(false);
  });

  it('says nothing when the pause ends on the query it already has', () => {
    const { actor, settled } = start();
    actor.send({ type: 'query.type', text: 'a' });
    vi.advanceTimersByTime(PAUSE);
    actor.send({ type: 'query.type', text: ' a ' });
    vi.advanceTimersByTime(PAUSE);
    expect(settled).toEqual(['a']);
  });

  it('applies a cleared box at once, and a reset empties text and query', () => {
    const { actor, settled } = start();
    actor.send({ type: 'query.type', text: 'logo' });
    vi.advanceTimersByTime(PAUSE);
    actor.send({ type: 'query.type', text: '  ' });
    expect(settled).toEqual(['logo', '']);
    expect(selectSearchPending(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'query.type', text: 'x' });
    vi.advanceTimersByTime(PAUSE);
    actor.send({ type: 'query.type', text: 'xy' });
    actor.send({ type: 'query.reset' });
    expect(selectSearchText(actor.getSnapshot())).toBe('');
    expect(settled).toEqual(['logo', '', 'x', '']);
    // The pause of the abandoned typing does not come back.
    vi.advanceTimersByTime(PAUSE * 2);
    expect(settled).toEqual(['logo', '', 'x', '']);
  });

  it('property: after any typing and a pause, the query is the last text trimmed, said once per change', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.constantFrom('', ' ', 'a', 'a ', 'ab', 'b'), wait: fc.integer({ min: 0, max: PAUSE + 50 }) }), { maxLength: 12 }), (steps) => {
        const { actor, settled } = start();
        for (const step of steps) {
          actor.send({ type: 'query.type', text: step.text });
          vi.advanceTimersByTime(step.wait);
        }
        vi.advanceTimersByTime(PAUSE);
        const last = steps.at(-1)?.text.trim() ?? '';
        expect(selectSearchQuery(actor.getSnapshot())).toBe(last);
        expect(settled.at(-1) ?? '').toBe(last);
        // Never the same query twice in a row.
        expect(settled.every((query, i) => i === 0 || query !== settled[i - 1])).toBe(true);
        actor.stop();
      }),
    );
  });
});

type Snap = SnapshotFrom<typeof searchQueryMachine>;
const events: EventSample[] = [
  { type: 'query.type', text: 'inv' },
  { type: 'query.type', text: ' ' },
  { type: 'query.reset' },
  { type: 'xstate.after.typingPause.searchQuery.waiting' },
];

describeMachinePaths('search-query machine: generated paths', searchQueryMachine, {
  provide: { delays: { typingPause: PAUSE } },
  events,
  required: [
    'settled --query.type--> waiting',
    'waiting --query.type--> waiting',
    'waiting --query.type--> settled',
    'waiting --xstate.after.typingPause.searchQuery.waiting--> settled',
    'waiting --query.reset--> settled',
  ],
  invariants: {
    '*': (s: Snap) => expect(s.context.query).toBe(s.context.query.trim()),
    settled: (s: Snap) => {
      // Settled: the query is what the box shows.
      expect(s.context.query).toBe(s.context.text.trim());
      expect(selectSearchPending(s)).toBe(false);
    },
    waiting: (s: Snap) => {
      expect(s.context.text.trim()).not.toBe('');
      expect(selectSearchPending(s)).toBe(true);
    },
  },
});
