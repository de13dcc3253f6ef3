// The storage files machine (spec B8 file operations): examples, generated paths over every state and
// transition, and a property over the number of selected files.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { NotifyEvent } from '../machines/storage-folder.machine.ts';
import { storageFilesMachine, type FilesOperation } from '../machines/storage-files.machine.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';

describe('storage files machine', () => {
  const run = async (operation: FilesOperation, fail?: string) => {
    const machine = storageFilesMachine.provide({
      actors: { performFilesOperation: fromPromise(async () => { if (fail) throw new Error(fail); }) },
    });
    const actor = createActor(machine, { input: operation });
    const notices: NotifyEvent[] = [];
    actor.on('notify', (e) => notices.push(e));
    actor.start();
    const output = await toPromise(actor);
    return { output, messages: notices.map((n) => n.message), notices };
  };

  it('says the B8 progress and results of each file operation', async () => {
    expect((await run({ kind: 'files.delete', bucketId: 'b', paths: ['a', 'b'] })).messages).toEqual(['Deleting 2 file(s)...', 'Successfully deleted 2 file(s)']);
    const move = await run({ kind: 'files.move', bucketId: 'b', paths: ['a'], to: '' });
    expect(move.messages).toEqual(['Moving 1 file(s)...', 'Successfully moved 1 files to the root of your bucket']);
    expect(move.notices[0]?.description).toBe("Do not close the browser until it's completed");
    expect((await run({ kind: 'files.move', bucketId: 'b', paths: ['a'], to: 'x' }, 'no')).messages.at(-1)).toBe('Failed to move files');
    expect((await run({ kind: 'files.download', bucketId: 'b', paths: ['a', 'b', 'c'] })).messages).toEqual(['Downloading 3 file(s)...', 'Successfully downloaded 3 files']);
    expect((await run({ kind: 'file.download', bucketId: 'b', path: 'd/a.png' })).messages).toEqual(['Retrieving a.png...', 'Downloading a.png']);
    expect((await run({ kind: 'file.download', bucketId: 'b', path: 'd/a.png' }, 'x')).messages.at(-1)).toBe('Failed to download a.png');
    expect((await run({ kind: 'file.rename', bucketId: 'b', path: 'd/a.png', newPath: 'd/b.png' })).messages).toEqual(['Successfully renamed "a.png" to "b.png"']);
    const failed = await run({ kind: 'file.rename', bucketId: 'b', path: 'a', newPath: 'b' }, 'exists');
    expect(failed.messages).toEqual(['Failed to rename file: exists']);
    expect(failed.output).toEqual({ ok: false });
  });

  it('generated paths: every state and transition', async () => {
    const fakes = controlledActors({ performFilesOperation: 'promise' });
    const report = await testMachinePathsAcrossInputs(storageFilesMachine, [
      {
        actors: fakes,
        input: { kind: 'files.delete', bucketId: 'b', paths: ['a'] },
        events: [{ type: 'xstate.done.actor.performFilesOperation' }, { type: 'xstate.error.actor.performFilesOperation', error: 'x' }],
        invariants: {
          running: () => expect(fakes.isRunning('performFilesOperation')).toBe(true),
          done: (s) => expect(s.output).toEqual({ ok: true }),
          failed: (s) => expect(s.output).toEqual({ ok: false }),
        },
      },
    ]);
    expect(report.pathsRun).toBe(2);
  });

  it('property: a delete or download of N files names N in its progress and its result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 500 }), fc.constantFrom('files.delete', 'files.download'), async (count, kind) => {
        const paths = Array.from({ length: count }, (_, i) => `f${i}`);
        const { messages, output } = await run({ kind, bucketId: 'b', paths } as FilesOperation);
        expect(messages).toHaveLength(2);
        for (const message of messages) expect(message).toContain(String(count));
        expect(output).toEqual({ ok: true });
      }),
      { numRuns: 60 },
    );
  });
});
