// Storage folder and files operation machines (spec B4 folder rename/delete, B8 folder and file operations, B9).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, toPromise } from 'xstate';
import { storageFolderMachine, type FolderOperation, type MoveBatchInput, type NotifyEvent } from '../machines/storage-folder.machine.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { type MachinePathsOptions } from './support/paths.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';

const kinds = { createFolder: 'promise', listAllObjects: 'promise', moveBatch: 'promise', removeObjects: 'promise', deletePrefix: 'promise', zipFolder: 'promise' } as const;

function start(operation: FolderOperation) {
  const fakes = controlledActors(kinds);
  const actor = createActor(storageFolderMachine.provide({ actors: fakes.logic }), { input: operation });
  const notices: NotifyEvent[] = [];
  actor.on('notify', (e) => notices.push(e));
  actor.start();
  return { actor, fakes, notices, messages: () => notices.map((n) => n.message) };
}

describe('storage folder machine: examples', () => {
  it('creates a folder through the placeholder upload', async () => {
    const { actor, fakes } = start({ kind: 'folder.create', bucketId: 'b', path: 'docs/new' });
    expect(fakes.starts('createFolder')[0]?.input).toEqual({ bucketId: 'b', path: 'docs/new' });
    await fakes.resolve('createFolder');
    expect(actor.getSnapshot().output).toEqual({ ok: true });
  });

  it('renames moving 2 at a time, reports each failed item, and ends "with some errors"', async () => {
    const { actor, fakes, messages } = start({ kind: 'folder.rename', bucketId: 'b', path: 'docs', newPath: 'papers' });
    expect(messages()).toEqual(['Renaming folder to papers']);
    await fakes.resolve('listAllObjects', ['docs/a', 'docs/b', 'docs/sub/c', 'docs/.emptyFolderPlaceholder', 'docs/e']);
    expect(fakes.starts('moveBatch')[0]?.input).toEqual({ bucketId: 'b', moves: [{ from: 'docs/a', to: 'papers/a' }, { from: 'docs/b', to: 'papers/b' }] });
    await fakes.resolve('moveBatch', []);
    expect((fakes.starts('moveBatch')[1]?.input as MoveBatchInput).moves.map((m) => m.to)).toEqual(['papers/sub/c', 'papers/.emptyFolderPlaceholder']);
    await fakes.resolve('moveBatch', ['docs/sub/c']);
    await fakes.reject('moveBatch', new Error('x'));
    expect(fakes.starts('moveBatch')).toHaveLength(3);
    expect(messages().slice(1)).toEqual([
      'Failed to move docs/sub/c to the new folder',
      'Failed to move docs/e to the new folder',
      'Renamed folder to papers with some errors',
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('renames cleanly, and fails with the folder name when the crawl fails', async () => {
    const ok = start({ kind: 'folder.rename', bucketId: 'b', path: 'a/docs', newPath: 'a/papers' });
    await ok.fakes.resolve('listAllObjects', ['a/docs/x']);
    expect((ok.fakes.starts('moveBatch')[0]?.input as MoveBatchInput).moves).toEqual([{ from: 'a/docs/x', to: 'a/papers/x' }]);
    await ok.fakes.resolve('moveBatch', []);
    expect(ok.messages().at(-1)).toBe('Successfully renamed folder to papers');
    const bad = start({ kind: 'folder.rename', bucketId: 'b', path: 'docs', newPath: 'papers' });
    await bad.fakes.reject('listAllObjects', new Error('offline'));
    expect(bad.messages().at(-1)).toBe('Failed to rename folder to papers: offline');
    expect(bad.actor.getSnapshot().output).toEqual({ ok: false });
  });

  it('deletes every object, then the prefix', async () => {
    const { fakes, messages } = start({ kind: 'folder.delete', bucketId: 'b', path: 'docs' });
    await fakes.resolve('listAllObjects', ['docs/a', 'docs/.emptyFolderPlaceholder']);
    expect(fakes.starts('removeObjects')[0]?.input).toEqual({ bucketId: 'b', paths: ['docs/a', 'docs/.emptyFolderPlaceholder'] });
    await fakes.resolve('removeObjects');
    expect(fakes.starts('deletePrefix')[0]?.input).toEqual({ bucketId: 'b', prefix: 'docs' });
    await fakes.resolve('deletePrefix');
    expect(messages().at(-1)).toBe('Successfully deleted docs');
    const empty = start({ kind: 'folder.delete', bucketId: 'b', path: 'e' });
    await empty.fakes.resolve('listAllObjects', []);
    expect(empty.fakes.starts('removeObjects')).toHaveLength(0);
    await empty.fakes.reject('deletePrefix', new Error('denied'));
    expect(empty.messages().at(-1)).toBe('Failed to delete folder: denied');
  });

  it("downloads as '{folder}.zip' with the B8 progress and results", async () => {
    const { fakes, messages } = start({ kind: 'folder.download', bucketId: 'b', path: 'a/docs' });
    await fakes.resolve('listAllObjects', ['a/docs/x', 'a/docs/y']);
    expect(fakes.starts('zipFolder')[0]?.input).toEqual({ bucketId: 'b', paths: ['a/docs/x', 'a/docs/y'], prefix: 'a/docs', zipName: 'docs.zip' });
    await fakes.resolve('zipFolder', { failed: 1 });
    expect(messages()).toEqual(['Retrieving files from folder...', 'Downloading 2 file(s)...', 'Downloaded folder "docs". However, 1 files did not download successfully.']);
    const none = start({ kind: 'folder.download', bucketId: 'b', path: 'docs' });
    await none.fakes.resolve('listAllObjects', []);
    expect(none.messages().at(-1)).toBe('Failed to download files from "docs"');
  });
});

const pathFakes = controlledActors(kinds);
type Sample = MachinePathsOptions<typeof storageFolderMachine>['events'][number];
const outcomes: Sample[] = [
  { type: 'xstate.done.actor.createFolder' },
  { type: 'xstate.error.actor.createFolder', error: 'x' },
  { type: 'xstate.done.actor.listAllObjects', output: ['d/a', 'd/b', 'd/c'] },
  { type: 'xstate.done.actor.listAllObjects', output: [] },
  { type: 'xstate.error.actor.listAllObjects', error: 'x' },
  { type: 'xstate.done.actor.moveBatch', output: [] },
  { type: 'xstate.done.actor.moveBatch', output: ['d/a'] },
  { type: 'xstate.error.actor.moveBatch', error: 'x' },
  { type: 'xstate.done.actor.removeObjects' },
  { type: 'xstate.error.actor.removeObjects', error: 'x' },
  { type: 'xstate.done.actor.deletePrefix' },
  { type: 'xstate.error.actor.deletePrefix', error: 'x' },
  { type: 'xstate.done.actor.zipFolder', output: { failed: 0 } },
  { type: 'xstate.done.actor.zipFolder', output: { failed: 2 } },
  { type: 'xstate.error.actor.zipFolder', error: 'x' },
];
const runOf = (input: FolderOperation): MachinePathsOptions<typeof storageFolderMachine> => ({
  actors: pathFakes,
  input,
  events: outcomes,
  invariants: {
    '*': (s) => expect(s.context.cursor % 2).toBe(0),
    creating: () => expect(pathFakes.isRunning('createFolder')).toBe(true),
    crawling: () => expect(pathFakes.isRunning('listAllObjects')).toBe(true),
    movingBatch: (s) => expect((pathFakes.starts('moveBatch').at(-1)?.input as MoveBatchInput).moves.length).toBe(Math.min(2, s.context.objects.length - s.context.cursor)),
    deleting: () => expect(pathFakes.isRunning('removeObjects')).toBe(true),
    removingPrefix: () => expect(pathFakes.isRunning('deletePrefix')).toBe(true),
    downloading: (s) => expect(s.context.objects.length).toBeGreaterThan(0),
    done: (s) => expect(s.status).toBe('done'),
    failed: (s) => {
      expect(s.context.error).not.toBeNull();
      expect(s.output).toEqual({ ok: false });
    },
  },
});

describe('storage folder machine: generated paths', () => {
  it('walks every state, transition and edge across the four operations', async () => {
    const report = await testMachinePathsAcrossInputs(storageFolderMachine, [
      runOf({ kind: 'folder.create', bucketId: 'b', path: 'd' }),
      runOf({ kind: 'folder.rename', bucketId: 'b', path: 'd', newPath: 'e' }),
      runOf({ kind: 'folder.delete', bucketId: 'b', path: 'd' }),
      runOf({ kind: 'folder.download', bucketId: 'b', path: 'd' }),
    ]);
    expect(report.pathsRun).toBeGreaterThan(10);
  }, 120_000);
});

describe('storage folder machine: properties', () => {
  it('a rename moves every object exactly once, at most 2 at a time, each to the new prefix; failures are reported', async () => {
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}(\/[a-z]{1,4})?$/), { maxLength: 9 });
    await fc.assert(
      fc.asyncProperty(names, fc.func(fc.boolean()), async (rel, fails) => {
        const objects = rel.map((r) => `old/${r}`);
        const moved: string[] = [];
        const machine = storageFolderMachine.provide({
          actors: {
            listAllObjects: fromPromise(async () => objects),
            moveBatch: fromPromise<string[], MoveBatchInput>(async ({ input }) => {
              expect(input.moves.length).toBeLessThanOrEqual(2);
              for (const m of input.moves) expect(m.to).toBe(`new/${m.from.slice('old/'.length)}`);
              moved.push(...input.moves.map((m) => m.from));
              return input.moves.filter((m) => fails(m.from)).map((m) => m.from);
            }),
          },
        });
        const actor = createActor(machine, { input: { kind: 'folder.rename', bucketId: 'b', path: 'old', newPath: 'new' } });
        const notices: string[] = [];
        actor.on('notify', (e) => notices.push(e.message));
        actor.start();
        await toPromise(actor);
        expect(moved).toEqual(objects);
        const failed = objects.filter((o) => fails(o));
        expect(notices.filter((n) => n.startsWith('Failed to move'))).toEqual(failed.map((f) => `Failed to move ${f} to the new folder`));
        expect(notices.at(-1)).toBe(failed.length > 0 ? 'Renamed folder to new with some errors' : 'Successfully renamed folder to new');
      }),
      { numRuns: 150 },
    );
  });
});
