// The role picker's user search (spec B2.7, issue 14): examples and generated paths.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { projectUserSearchMachine } from '../machines/project-user-search.machine.ts';
import {
  selectFoundUsers,
  selectUserSearchBusy,
  selectUserSearchEmptyText,
  selectUserSearchError,
} from '../machines/project-user-search.selectors.ts';
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MESSAGES, type ProjectUser } from '../src/domain/project-users.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const ALICE: ProjectUser = { id: '11111111-1111-4111-8111-111111111111', email: 'alice@example.com', created_at: '2025-01-01T00:00:00Z', last_sign_in_at: null };

function start(text = '') {
  const fakes = controlledActors({ searchUsers: 'promise' } as const);
  const actor = createActor(projectUserSearchMachine.provide({ actors: fakes.logic }), { input: { text } }).start();
  return { actor, fakes, searched: () => fakes.starts('searchUsers').map((start) => start.input) };
}

afterEach(() => void vi.useRealTimers());

describe('project-user-search machine', () => {
  it('searches the text it opens with at once (the newest users when there is none)', async () => {
    const { actor, fakes, searched } = start();
    expect(searched()).toEqual([{ text: '' }]);
    expect(selectUserSearchBusy(actor.getSnapshot())).toBe(true);
    await fakes.resolve('searchUsers', []);
    expect(selectUserSearchBusy(actor.getSnapshot())).toBe(false);
    expect(selectUserSearchEmptyText(actor.getSnapshot())).toBe(USER_SEARCH_MESSAGES.noUsers);
  });

  it('waits for typing to pause, searches only the last text, trimmed, and drops the answer to older text', async () => {
    vi.useFakeTimers();
    const { actor, fakes, searched } = start('bob');
    actor.send({ type: 'search.typed', text: 'a' });
    expect(fakes.isRunning('searchUsers')).toBe(false);
    vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', text: ' ali ' });
    vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS - 1);
    expect(searched()).toEqual([{ text: 'bob' }]);
    vi.advanceTimersByTime(1);
    expect(searched()).toEqual([{ text: 'bob' }, { text: 'ali' }]);
    await fakes.resolve('searchUsers', [ALICE]);
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([ALICE]);
    expect(selectUserSearchEmptyText(actor.getSnapshot())).toBeNull();
    // Typing keeps the list on screen until the next answer, which says nothing matches.
    actor.send({ type: 'search.typed', text: 'alix' });
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([ALICE]);
    expect(selectUserSearchBusy(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS);
    await fakes.resolve('searchUsers', []);
    expect(selectUserSearchEmptyText(actor.getSnapshot())).toBe(USER_SEARCH_MESSAGES.noMatch);
  });

  it('does not search again when the settled text is the one listed', async () => {
    vi.useFakeTimers();
    const { actor, fakes, searched } = start('ali');
    await fakes.resolve('searchUsers', [ALICE]);
    actor.send({ type: 'search.typed', text: 'ali ' });
    vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS);
    expect(searched()).toHaveLength(1);
    expect(actor.getSnapshot().matches('listed')).toBe(true);
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([ALICE]);
  });

  it('shows a failure, keeps the typed text, and searches it again on retry', async () => {
    const { actor, fakes, searched } = start('ali');
    await fakes.reject('searchUsers', new Error('permission denied for schema auth'));
    expect(selectUserSearchError(actor.getSnapshot())).toBe('permission denied for schema auth');
    expect(actor.getSnapshot().context.text).toBe('ali');
    expect(selectUserSearchEmptyText(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'search.retry' });
    expect(selectUserSearchError(actor.getSnapshot())).toBeNull();
    expect(searched()).toEqual([{ text: 'ali' }, { text: 'ali' }]);
    await fakes.resolve('searchUsers', [ALICE]);
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([ALICE]);
  });
});

// Generated paths: every state and transition of the machine, with the invariant of each state.
type Snap = SnapshotFrom<typeof projectUserSearchMachine>;
const fakes = controlledActors({ searchUsers: 'promise' } as const);
const events: EventSample<typeof projectUserSearchMachine>[] = [
  { type: 'search.typed', text: 'ali' },
  { type: 'search.typed', text: ' ali ' },
  { type: 'search.retry' },
  { type: 'xstate.done.actor.searchUsers', output: [ALICE] },
  { type: 'xstate.done.actor.searchUsers', output: [] },
  { type: 'xstate.error.actor.searchUsers', error: new Error('offline') },
  { type: 'xstate.after.searchDebounce.projectUserSearch.debouncing' },
];

describeMachinePaths('project-user-search machine: generated paths', projectUserSearchMachine, {
  actors: fakes,
  input: { text: '' },
  events,
  // Text × users × state multiply the simple paths; shortest paths plus one per missed edge cover the machine.
  simplePaths: false,
  required: [
    'searching --search.typed--> debouncing',
    'debouncing --xstate.after.searchDebounce.projectUserSearch.debouncing--> searching',
    'debouncing --xstate.after.searchDebounce.projectUserSearch.debouncing--> listed',
    'searching --xstate.done.actor.searchUsers--> listed',
    'searching --xstate.error.actor.searchUsers--> failed',
    'failed --search.retry--> searching',
  ],
  invariants: {
    '*': (s) => {
      // Users always answer the text they were listed for; a failure lists none.
      if (s.context.listedFor === null) expect(s.context.users).toEqual([]);
    },
    debouncing: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectUserSearchBusy(s)).toBe(true);
      expect(selectUserSearchEmptyText(s)).toBeNull();
    },
    searching: (s) => {
      expect(fakes.running()).toEqual(['searchUsers']);
      expect(fakes.starts('searchUsers').at(-1)?.input).toEqual({ text: s.context.text.trim() });
      expect(selectUserSearchBusy(s)).toBe(true);
      expect(selectUserSearchError(s)).toBeNull();
    },
    listed: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectUserSearchBusy(s)).toBe(false);
      expect(s.context.listedFor).toBe(s.context.text.trim());
      expect(s.context.error).toBeNull();
      const empty = selectUserSearchEmptyText(s);
      if (s.context.users.length > 0) expect(empty).toBeNull();
      else expect(empty).toBe(s.context.listedFor === '' ? USER_SEARCH_MESSAGES.noUsers : USER_SEARCH_MESSAGES.noMatch);
    },
    failed: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectUserSearchError(s)).toBe('offline');
      expect(selectFoundUsers(s)).toEqual([]);
      expect(selectUserSearchEmptyText(s)).toBeNull();
    },
  },
});
