// Notifications machine (spec A2.11, A4.8, C§9; issue 21): examples, generated paths over every state and
// transition, a property over row sequences.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { notificationsMachine, type FetchNotificationsInput, type NotificationsToastEvent } from '../machines/notifications.machine.ts';
import {
  selectCanArchiveAll,
  selectEmptyText,
  selectHasMore,
  selectIndicator,
  selectIsEmpty,
  selectIsOpen,
  selectItems,
  selectListError,
  selectPendingId,
  selectUnreadCount,
  selectUnreadDisabled,
} from '../machines/notifications.selectors.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_SUMMARY_POLL_MS, type Notification } from '../src/domain/notifications.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, itRejectsEachDeletedTransition, type MachinePathsOptions } from './support/paths.ts';

const row = (id: string, status: Notification['status'] = 'seen'): Notification => ({
  id,
  status,
  priority: 'Info',
  inserted_at: '2026-11-27T00:00:00Z',
  data: { title: id, message: 'm' },
});
const page = (prefix: string, n: number, newIds: number[] = []) =>
  Array.from({ length: n }, (_, i) => row(`${prefix}${i}`, newIds.includes(i) ? 'new' : 'seen'));

const fakeNames = { fetchSummary: 'promise', fetchNotifications: 'promise', updateNotifications: 'promise', archiveAll: 'promise' } as const;

function start() {
  const fakes = controlledActors(fakeNames);
  const actor = createActor(notificationsMachine.provide({ actors: fakes.logic })).start();
  const toasts: NotificationsToastEvent[] = [];
  actor.on('notifications.toast', (event) => toasts.push(event));
  const lastFetch = () => fakes.starts('fetchNotifications').at(-1)?.input as FetchNotificationsInput;
  return { actor, fakes, toasts, lastFetch, snap: () => actor.getSnapshot() };
}

afterEach(() => void vi.useRealTimers());

describe('notifications machine: examples', () => {
  it('reads the summary for the bell, then polls it while closed', async () => {
    vi.useFakeTimers();
    const { fakes, snap } = start();
    expect(selectIndicator(snap())).toBe('none');
    await fakes.resolve('fetchSummary', { unread_count: 12, has_warning: true, has_critical: false });
    expect(selectIndicator(snap())).toBe('warning');
    expect(selectUnreadCount(snap())).toBe(12);
    vi.advanceTimersByTime(NOTIFICATIONS_SUMMARY_POLL_MS);
    expect(fakes.starts('fetchSummary')).toHaveLength(2);
  });

  it('pages by 10 and asks for the next page only after a full one (C§9)', async () => {
    const { actor, fakes, snap, lastFetch } = start();
    actor.send({ type: 'popover.open' });
    expect(lastFetch()).toEqual({ status: 'new,seen', filters: { priorities: [], orgSlugs: [], projectRefs: [] }, offset: 0, limit: 10 });
    await fakes.resolve('fetchNotifications', page('a', NOTIFICATIONS_PAGE_SIZE));
    expect(selectHasMore(snap())).toBe(true);
    actor.send({ type: 'list.loadMore' });
    expect(lastFetch()).toMatchObject({ offset: 10 });
    await fakes.resolve('fetchNotifications', page('b', 3));
    expect(selectItems(snap())).toHaveLength(13);
    actor.send({ type: 'list.loadMore' });
    expect(fakes.starts('fetchNotifications')).toHaveLength(2);
  });

  it('queues new rows seen in view and marks them seen when the popover closes (A4.8)', async () => {
    const { actor, fakes, snap } = start();
    await fakes.resolve('fetchSummary', { unread_count: 2, has_warning: false, has_critical: false });
    actor.send({ type: 'popover.open' });
    await fakes.resolve('fetchNotifications', page('a', 3, [0, 1]));
    actor.send({ type: 'row.visible', id: 'a0' });
    actor.send({ type: 'row.visible', id: 'a0' });
    actor.send({ type: 'row.visible', id: 'a2' }); // already seen: not queued
    actor.send({ type: 'popover.close' });
    expect(selectIsOpen(snap())).toBe(false);
    expect(fakes.starts('updateNotifications').at(-1)?.input).toEqual([{ id: 'a0', status: 'seen' }]);
    await fakes.resolve('updateNotifications', []);
    expect(snap().context.seenQueue).toEqual([]);
    expect(fakes.isRunning('fetchSummary')).toBe(true);
  });

  it('Archived clears and disables Unread; empty texts count the filters (A2.11)', async () => {
    const { actor, fakes, snap, lastFetch } = start();
    actor.send({ type: 'popover.open' });
    actor.send({ type: 'filter.unread', on: true });
    expect(lastFetch().status).toBe('new');
    await fakes.resolve('fetchNotifications', []);
    expect(selectIsEmpty(snap())).toBe(true);
    expect(selectEmptyText(snap())).toBe('All caught up');
    actor.send({ type: 'filter.set', filters: { priorities: ['Critical'], orgSlugs: ['acme'], projectRefs: [] } });
    await fakes.resolve('fetchNotifications', []);
    expect(selectEmptyText(snap())).toBe('No notifications based on the 2 filters applied');
    actor.send({ type: 'tab.select', tab: 'archived' });
    expect(lastFetch().status).toBe('archived');
    expect(selectUnreadDisabled(snap())).toBe(true);
    actor.send({ type: 'filter.unread', on: true });
    expect(snap().context.unreadOnly).toBe(false);
    await fakes.resolve('fetchNotifications', []);
    expect(selectEmptyText(snap())).toBe('No archived notifications based on the 2 filters applied');
  });

  it('archives a row out of the inbox; a failure toasts and keeps it; Archive all toasts and reloads', async () => {
    const { actor, fakes, snap, toasts } = start();
    await fakes.resolve('fetchSummary', { unread_count: 1, has_warning: false, has_critical: true });
    actor.send({ type: 'popover.open' });
    await fakes.resolve('fetchNotifications', page('a', 2, [0]));
    actor.send({ type: 'row.archive', id: 'a0' });
    expect(selectPendingId(snap())).toBe('a0');
    expect(fakes.starts('updateNotifications').at(-1)?.input).toEqual([{ id: 'a0', status: 'archived' }]);
    await fakes.resolve('updateNotifications', []);
    expect(selectItems(snap()).map((n) => n.id)).toEqual(['a1']);
    expect(selectUnreadCount(snap())).toBe(0);
    actor.send({ type: 'row.archive', id: 'a1' });
    await fakes.reject('updateNotifications', new Error('offline'));
    expect(selectItems(snap()).map((n) => n.id)).toEqual(['a1']);
    expect(toasts.at(-1)).toEqual({ type: 'notifications.toast', kind: 'error', message: 'Failed to update notifications: offline' });
    expect(selectCanArchiveAll(snap())).toBe(true);
    actor.send({ type: 'archiveAll' });
    await fakes.resolve('archiveAll', {});
    expect(toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Successfully archived all notifications' });
    expect(selectIndicator(snap())).toBe('none');
    expect(fakes.isRunning('fetchNotifications')).toBe(true);
  });

  it('a failed page shows the error and retries', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'popover.open' });
    await fakes.reject('fetchNotifications', new Error('boom'));
    expect(selectListError(snap())).toBe('boom');
    actor.send({ type: 'list.retry' });
    expect(fakes.isRunning('fetchNotifications')).toBe(true);
  });

  it('property: the seen queue only ever holds listed rows that were new, each once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('row.visible', 'row.archive'), fc.integer({ min: 0, max: 12 })), { maxLength: 30 }), async (steps) => {
        const { actor, fakes, snap } = start();
        actor.send({ type: 'popover.open' });
        await fakes.resolve('fetchNotifications', page('a', 10, [0, 2, 4, 6]));
        for (const [type, n] of steps) {
          actor.send({ type, id: `a${n}` });
          if (fakes.isRunning('updateNotifications')) await fakes.resolve('updateNotifications', []);
        }
        const { seenQueue, items } = snap().context;
        expect(new Set(seenQueue).size).toBe(seenQueue.length);
        for (const id of seenQueue) expect(items.find((i) => i.id === id)?.status).toBe('new');
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = controlledActors(fakeNames);
const FULL = page('p', NOTIFICATIONS_PAGE_SIZE, [0]);
const SHORT = page('q', 2);

const events: MachinePathsOptions<typeof notificationsMachine>['events'] = [
  { type: 'popover.open' },
  { type: 'popover.close' },
  { type: 'summary.refresh' },
  { type: 'tab.select', tab: 'archived' },
  { type: 'filter.unread', on: true },
  { type: 'filter.set', filters: { priorities: ['Warning'], orgSlugs: [], projectRefs: [] } },
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'row.visible', id: 'p0' },
  { type: 'row.archive', id: 'p0' },
  { type: 'row.unarchive', id: 'p1' },
  { type: 'archiveAll' },
  { type: 'xstate.done.actor.fetchSummary', output: { unread_count: 1, has_warning: false, has_critical: false } },
  { type: 'xstate.error.actor.fetchSummary', error: new Error('offline') },
  { type: 'xstate.done.actor.fetchNotifications', output: FULL },
  { type: 'xstate.done.actor.fetchNotifications', output: SHORT },
  { type: 'xstate.error.actor.fetchNotifications', error: new Error('offline') },
  { type: 'xstate.done.actor.updateNotifications', output: [] },
  { type: 'xstate.error.actor.updateNotifications', error: new Error('offline') },
  { type: 'xstate.done.actor.archiveAll', output: {} },
  { type: 'xstate.error.actor.archiveAll', error: new Error('offline') },
  { type: 'xstate.after.summaryPoll.notifications.closed.ready' },
  { type: 'xstate.after.summaryPoll.notifications.closed.summaryFailed' },
];

// spec A4.8 / A2.11 transitions that must exist.
const required = [
  'closed --popover.open--> open',
  'open --popover.close--> closed.markingSeen',
  'closed.markingSeen --xstate.done.actor.updateNotifications--> closed.loadingSummary',
  'open.idle --row.archive--> open.updating',
  'open.idle --row.unarchive--> open.updating',
  'open.idle --archiveAll--> open.archivingAll',
  'open.idle --list.loadMore--> open.loadingMore',
  'open --tab.select--> open.loadingFirstPage',
  'open --filter.unread--> open.loadingFirstPage',
  'open --row.visible--> open',
];

itRejectsEachDeletedTransition(notificationsMachine, required);

describeMachinePaths('notifications machine: generated paths', notificationsMachine, {
  actors: pathFakes,
  events,
  required,
  simplePaths: false,
  maxPaths: 3000,
  traversalLimit: 200_000,
  // One page of 10 then a short one: the list cannot grow without end (a full page in loadingMore is left out).
  // Pruned so the graph stays small: the query changes only before rows are loaded, and a full page comes only as
  // the first page of the plain Inbox (then one short page) — each transition is still taken, from fewer contexts.
  filterEvents: (snapshot, event) => {
    const { items, tab, unreadOnly, filters } = snapshot.context;
    if (['tab.select', 'filter.unread', 'filter.set'].includes(event.type)) return items.length === 0;
    if (event.type === 'xstate.done.actor.fetchNotifications' && (event as { output: Notification[] }).output === FULL) {
      return snapshot.matches({ open: 'loadingFirstPage' }) && tab === 'inbox' && !unreadOnly && filters.priorities.length === 0;
    }
    return true;
  },
  invariants: {
    '*': (snapshot) => {
      const { seenQueue, items, lastPageLength } = snapshot.context;
      expect(new Set(seenQueue).size).toBe(seenQueue.length);
      // Written (or given up) by the close: outside markingSeen a closed popover holds no queue.
      if (snapshot.matches('closed') && !snapshot.matches({ closed: 'markingSeen' })) expect(seenQueue).toEqual([]);
      // An archived row is never marked seen (that would unarchive it).
      if (snapshot.context.pending?.status === 'archived') expect(seenQueue).not.toContain(snapshot.context.pending.id);
      void items;
      expect(selectHasMore(snapshot)).toBe(lastPageLength === NOTIFICATIONS_PAGE_SIZE);
      if (snapshot.context.tab === 'archived') expect(snapshot.context.unreadOnly).toBe(false);
    },
    'closed.loadingSummary': () => expect(pathFakes.isRunning('fetchSummary')).toBe(true),
    'closed.ready': (snapshot) => expect(snapshot.context.summary).not.toBeNull(),
    'closed.summaryFailed': (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
    'closed.markingSeen': (snapshot) => {
      expect(snapshot.context.seenQueue.length).toBeGreaterThan(0);
      expect(pathFakes.starts('updateNotifications').at(-1)?.input).toEqual(snapshot.context.seenQueue.map((id) => ({ id, status: 'seen' })));
    },
    'open.loadingFirstPage': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.items).toEqual([]);
      expect((pathFakes.starts('fetchNotifications').at(-1)?.input as FetchNotificationsInput).offset).toBe(0);
    },
    'open.loadingMore': (snapshot) => {
      expect((pathFakes.starts('fetchNotifications').at(-1)?.input as FetchNotificationsInput).offset).toBe(snapshot.context.items.length);
    },
    'open.idle': (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    'open.updating': (snapshot) => {
      expect(snapshot.context.pending).not.toBeNull();
      expect(pathFakes.starts('updateNotifications').at(-1)?.input).toEqual([snapshot.context.pending]);
    },
    'open.archivingAll': (snapshot) => expect(snapshot.context.tab).toBe('inbox'),
    'open.failed': (snapshot) => {
      expect(snapshot.hasTag('error')).toBe(true);
      expect(selectListError(snapshot)).toBe('offline');
    },
  },
});
