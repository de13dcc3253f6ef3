// One operation on selected files of the storage explorer (spec B8 file operations): delete, move to a path,
// download several as '{product}-files.zip', download one, rename. The effect is one injected actor; the machine
// says what the user sees before and after it (emitted `notify` events, shown as toasts by the runner).
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { baseName, errorMessage, fileMessages } from '../src/domain/storage.ts';
import type { NotifyEvent } from './storage-folder.machine.ts';
import { notProvidedStub } from './support.ts';

export type FilesOperation =
  | { kind: 'files.delete'; bucketId: string; paths: string[] }
  | { kind: 'files.move'; bucketId: string; paths: string[]; to: string }
  | { kind: 'files.download'; bucketId: string; paths: string[] }
  | { kind: 'file.download'; bucketId: string; path: string }
  | { kind: 'file.rename'; bucketId: string; path: string; newPath: string };

export interface StorageFilesContext {
  operation: FilesOperation;
  error: string | null;
}

const notify = (kind: NotifyEvent['kind'], message: string, extra: Partial<NotifyEvent> = {}): NotifyEvent => ({ type: 'notify', kind, message, ...extra });

/** What is shown while the operation runs. */
export function progressNotice(op: FilesOperation): NotifyEvent | null {
  switch (op.kind) {
    case 'files.delete':
      return notify('info', fileMessages.deleting(op.paths.length), { progress: true });
    case 'files.move':
      return notify('info', fileMessages.moving(op.paths.length), { progress: true, description: fileMessages.movingDescription });
    case 'files.download':
      return notify('info', fileMessages.downloading(op.paths.length), { progress: true });
    case 'file.download':
      return notify('info', fileMessages.retrieving(baseName(op.path)), { progress: true });
    case 'file.rename':
      return null;
  }
}

/** What is shown when it worked. */
export function successNotice(op: FilesOperation): NotifyEvent {
  switch (op.kind) {
    case 'files.delete':
      return notify('success', fileMessages.deleted(op.paths.length));
    case 'files.move':
      return notify('success', fileMessages.moved(op.paths.length, op.to));
    case 'files.download':
      return notify('success', fileMessages.downloaded(op.paths.length));
    case 'file.download':
      return notify('success', fileMessages.downloadingOne(baseName(op.path)));
    case 'file.rename':
      return notify('success', fileMessages.renamed(baseName(op.path), baseName(op.newPath)));
  }
}

/** What is shown when it failed (spec B8 where it says; the server's message otherwise). */
export function failureNotice(op: FilesOperation, msg: string): NotifyEvent {
  switch (op.kind) {
    case 'files.delete':
      return notify('error', `Failed to delete ${op.paths.length} file(s): ${msg}`);
    case 'files.move':
      return notify('error', fileMessages.moveFailed, { description: msg });
    case 'files.download':
      return notify('error', `Failed to download files: ${msg}`);
    case 'file.download':
      return notify('error', fileMessages.downloadOneFailed(baseName(op.path)));
    case 'file.rename':
      return notify('error', fileMessages.renameFailed(msg));
  }
}

export const storageFilesMachine = setup({
  types: {} as {
    context: StorageFilesContext;
    input: FilesOperation;
    output: { ok: boolean };
    emitted: NotifyEvent;
  },
  actors: {
    performFilesOperation: fromPromise<unknown, FilesOperation>(notProvidedStub('perform files operation')),
  },
}).createMachine({
  id: 'storageFiles',
  context: ({ input }) => ({ operation: input, error: null }),
  initial: 'running',
  output: ({ context }) => ({ ok: context.error === null }),
  states: {
    running: {
      tags: ['busy'],
      entry: enqueueActions(({ context, enqueue }) => {
        const notice = progressNotice(context.operation);
        if (notice) enqueue.emit(notice);
      }),
      invoke: {
        id: 'performFilesOperation',
        src: 'performFilesOperation',
        input: ({ context }) => context.operation,
        onDone: { target: 'done', actions: emit(({ context }) => successNotice(context.operation)) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) }),
            emit(({ context }) => failureNotice(context.operation, context.error ?? 'Unknown error')),
          ],
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final', tags: ['error'] },
  },
});

export type StorageFilesMachine = typeof storageFilesMachine;
