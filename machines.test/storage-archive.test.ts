import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { storageArchiveMachine } from '../machines/storage-archive.machine.ts';
import { selectArchiveError, selectIsRetrieving } from '../machines/storage-archive.selectors.ts';
import { ARCHIVE_POLL_MS, type LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { createArchive: 'promise', fetchArchive: 'promise' } as const;
const notFound = Object.assign(new Error('Storage archive not found'), { status: 404 });

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(storageArchiveMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc' } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('storage-archive machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creates the archive, polls every 5 s while it is not found, then downloads it', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'archive.start' });
    expect(notices[0]).toEqual({
      type: 'notice.toast',
      kind: 'info',
      message: 'Retrieving storage archive. This may take a few minutes depending on the size of your storage objects.',
    });
    await fakes.resolve('createArchive', {});
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(ARCHIVE_POLL_MS - 1);
    expect(fakes.starts('fetchArchive')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchArchive')).toHaveLength(1);
    await fakes.reject('fetchArchive', notFound);
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(ARCHIVE_POLL_MS);
    await fakes.resolve('fetchArchive', { fileUrl: 'http://x/archive.zip?sig=2' });
    expect(notices.slice(1)).toEqual([
      { type: 'notice.download', url: 'http://x/archive.zip?sig=2' },
      { type: 'notice.toast', kind: 'info', message: 'Downloading storage objects' },
    ]);
    expect(selectIsRetrieving(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.checks).toBe(2);
  });

  it('a failed creation or another error stops with the spec message', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'archive.start' });
    await fakes.reject('createArchive', new Error('Project is not paused'));
    expect(selectArchiveError(actor.getSnapshot())).toBe('Failed to create storage archive: Project is not paused');
    actor.send({ type: 'archive.start' });
    expect(selectArchiveError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('createArchive', {});
    vi.advanceTimersByTime(ARCHIVE_POLL_MS);
    await fakes.reject('fetchArchive', new Error('boom'));
    expect(selectArchiveError(actor.getSnapshot())).toBe('Failed to create storage archive: boom');
  });

  it('a reply without a fileUrl means: keep waiting', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'archive.start' });
    await fakes.resolve('createArchive', {});
    vi.advanceTimersByTime(ARCHIVE_POLL_MS);
    await fakes.resolve('fetchArchive', { fileUrl: null });
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('the default actors are loud stubs', async () => {
    vi.useRealTimers();
    for (const name of ['createArchive', 'fetchArchive'] as const) {
      const child = createActor(storageArchiveMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('storage-archive machine: properties', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('after any number of not-yet answers, the first fileUrl is downloaded once, 5 s after the previous check', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.webUrl(), async (misses, url) => {
        const { actor, fakes, notices } = start();
        actor.send({ type: 'archive.start' });
        await fakes.resolve('createArchive', {});
        for (let i = 0; i < misses; i++) {
          vi.advanceTimersByTime(ARCHIVE_POLL_MS);
          await fakes.reject('fetchArchive', notFound);
        }
        vi.advanceTimersByTime(ARCHIVE_POLL_MS);
        await fakes.resolve('fetchArchive', { fileUrl: url });
        expect(fakes.starts('fetchArchive')).toHaveLength(misses + 1);
        expect(notices.filter((n) => n.type === 'notice.download')).toEqual([{ type: 'notice.download', url }]);
        actor.stop();
      }),
      { numRuns: 30 },
    );
  });
});

type Snap = SnapshotFrom<typeof storageArchiveMachine>;
const events: EventSample<typeof storageArchiveMachine>[] = [
  { type: 'archive.start' },
  { type: 'xstate.done.actor.createArchive', output: {} },
  { type: 'xstate.error.actor.createArchive', error: new Error('refused') },
  { type: 'xstate.after.archivePoll.storageArchive.waiting' },
  { type: 'xstate.done.actor.fetchArchive', output: { fileUrl: 'http://x/a.zip' } },
  { type: 'xstate.done.actor.fetchArchive', output: {} },
  { type: 'xstate.error.actor.fetchArchive', error: notFound },
  { type: 'xstate.error.actor.fetchArchive', error: new Error('refused') },
];
const invariants: Invariants<typeof storageArchiveMachine> = {
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsRetrieving(s)).toBe(false);
  },
  'idle.ready': (s) => expect(selectArchiveError(s)).toBeNull(),
  'idle.failed': (s) => expect(selectArchiveError(s)).toBe('Failed to create storage archive: refused'),
  creating: (_s, { actors }) => expect(actors?.isRunning('createArchive')).toBe(true),
  waiting: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsRetrieving(s)).toBe(true);
  },
  checking: (_s, { actors }) => expect(actors?.isRunning('fetchArchive')).toBe(true),
};

describeMachinePaths('storage-archive machine: generated paths', storageArchiveMachine, {
  events,
  invariants,
  input: { ref: 'abc' },
  actors: controlledActors(kinds),
  // The check counter grows with every poll: leave it out of the state identity so the graph stays finite.
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, error: s.context.error }),
  simplePaths: false,
});
