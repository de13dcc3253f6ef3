import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyActorLogic, type EventObject, type SnapshotFrom } from 'xstate';
import { fileUploadMachine, type FileUploadInput, type TusUploadInput } from '../machines/file-upload.machine.ts';
import { selectBytesSent, selectFileError, selectFileStatus, selectIsRetrying, selectRetries } from '../machines/file-upload.selectors.ts';
import { UPLOAD_ABORTED_MESSAGE, UPLOAD_NO_RETRY_STATUSES, UPLOAD_RETRY_DELAYS_MS } from '../src/domain/storage-uploads.ts';
import { controlledActors, flushMicrotasks } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants, itRejectsEachDeletedTransition } from './support/paths.ts';

const kinds = { findPreviousUpload: 'promise', tusUpload: 'callback' } as const;
const input: FileUploadInput = {
  id: 'file-1-0',
  file: { name: 'a.txt', size: 10, type: 'text/plain' },
  bucketId: 'docs',
  objectName: 'folder/a.txt',
  contentType: 'text/plain',
  allowedMimeTypes: ['image/*'],
};
const target = { apiUrl: 'http://127.0.0.1:1/p/abc', apiKey: 'key-1' };
const previous = { uploadUrl: 'http://127.0.0.1:1/p/abc/storage/v1/upload/resumable/xyz', urlStorageKey: 'tus::fp::1' };

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(fileUploadMachine.provide({ actors: fakes.logic }), { input }).start();
  return { actor, fakes };
}

afterEach(() => vi.useRealTimers());

describe('file-upload machine: examples', () => {
  it('waits queued, resumes a previous upload, reports progress and finishes', async () => {
    const { actor, fakes } = start();
    expect(selectFileStatus(actor.getSnapshot())).toBe('queued');
    expect(fakes.running()).toEqual([]);
    actor.send({ type: 'file.start', target });
    expect(fakes.starts('findPreviousUpload')[0]?.input).toMatchObject({ objectName: 'folder/a.txt', apiUrl: target.apiUrl });
    await fakes.resolve('findPreviousUpload', previous);
    const tusInput = fakes.starts('tusUpload')[0]?.input as TusUploadInput;
    expect(tusInput.previous).toEqual(previous);
    expect(tusInput.apiKey).toBe('key-1');
    fakes.emit('tusUpload', { type: 'tus.progress', bytesSent: 4, bytesTotal: 10 });
    expect(selectBytesSent(actor.getSnapshot())).toBe(4);
    fakes.emit('tusUpload', { type: 'tus.progress', bytesSent: 40, bytesTotal: 10 });
    expect(selectBytesSent(actor.getSnapshot())).toBe(10);
    fakes.emit('tusUpload', { type: 'tus.success' });
    expect(selectFileStatus(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
    expect(fakes.running()).toEqual([]);
  });

  it('reports progress and its outcome to the actor given as reportTo (the queue), and to nobody when run alone', async () => {
    const heard: EventObject[] = [];
    const queue = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => heard.push(event)))).start();
    const fakes = controlledActors(kinds);
    const actor = createActor(fileUploadMachine.provide({ actors: fakes.logic }), { input: { ...input, reportTo: queue } }).start();
    actor.send({ type: 'file.start', target });
    await fakes.resolve('findPreviousUpload', null);
    fakes.emit('tusUpload', { type: 'tus.progress', bytesSent: 4, bytesTotal: 10 });
    fakes.emit('tusUpload', { type: 'tus.success' });
    await flushMicrotasks();
    expect(heard).toEqual([
      { type: 'file.progress', id: 'file-1-0', bytesSent: 4 },
      { type: 'file.progress', id: 'file-1-0', bytesSent: 10 },
      { type: 'file.done', id: 'file-1-0' },
    ]);
    const failing = createActor(fileUploadMachine.provide({ actors: controlledActors(kinds).logic }), { input: { ...input, reportTo: queue } }).start();
    failing.send({ type: 'file.cancel' });
    await flushMicrotasks();
    expect(heard.at(-1)).toEqual({ type: 'file.failed', id: 'file-1-0', aborted: true, notice: null });
    // Alone: no report goes anywhere and nothing crashes.
    const { actor: alone, fakes: aloneFakes } = start();
    alone.send({ type: 'file.start', target });
    await aloneFakes.resolve('findPreviousUpload', null);
    aloneFakes.emit('tusUpload', { type: 'tus.success' });
    expect(alone.getSnapshot().status).toBe('done');
  });

  it('starts a new upload when looking for a previous one fails', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'file.start', target });
    await fakes.reject('findPreviousUpload', new Error('no storage'));
    expect((fakes.starts('tusUpload')[0]?.input as TusUploadInput).previous).toBeNull();
  });

  it('retries after 0, 200, 500, 1500, 3000 and 5000 ms, then fails with the B8 message', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = start();
    actor.send({ type: 'file.start', target });
    for (const delay of UPLOAD_RETRY_DELAYS_MS) {
      await fakes.resolve('findPreviousUpload', null);
      fakes.emit('tusUpload', { type: 'tus.error', failure: { status: 502, body: '', message: 'bad gateway' } });
      expect(selectIsRetrying(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().hasTag('error')).toBe(true);
      if (delay > 0) {
        vi.advanceTimersByTime(delay - 1);
        expect(selectIsRetrying(actor.getSnapshot())).toBe(true);
      }
      vi.advanceTimersByTime(1);
      await flushMicrotasks();
      expect(actor.getSnapshot().matches({ uploading: 'findingPrevious' })).toBe(true);
    }
    expect(selectRetries(actor.getSnapshot())).toBe(6);
    await fakes.resolve('findPreviousUpload', null);
    fakes.emit('tusUpload', { type: 'tus.error', failure: { status: 502, body: '', message: 'bad gateway' } });
    expect(selectFileStatus(actor.getSnapshot())).toBe('failed');
    expect(selectFileError(actor.getSnapshot())).toBe('Failed to upload a.txt: bad gateway');
    expect(fakes.starts('tusUpload')).toHaveLength(7);
  });

  it('does not retry 413 and names the bucket limit', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'file.start', target });
    await fakes.resolve('findPreviousUpload', null);
    fakes.emit('tusUpload', { type: 'tus.error', failure: { status: 413, body: 'too big', message: '' } });
    expect(selectFileError(actor.getSnapshot())).toBe('Failed to upload a.txt: File size exceeds the bucket file size limit.');
    expect(actor.getSnapshot().context.notice).toEqual({ message: 'Failed to upload a.txt: File size exceeds the bucket file size limit.' });
  });

  it('cancel stops the transfer and ends as "Upload aborted by user"', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'file.start', target });
    await fakes.resolve('findPreviousUpload', null);
    expect(fakes.isRunning('tusUpload')).toBe(true);
    actor.send({ type: 'file.cancel' });
    expect(fakes.isRunning('tusUpload')).toBe(false);
    expect(selectFileError(actor.getSnapshot())).toBe(UPLOAD_ABORTED_MESSAGE);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('hands a refreshed key to the running transfer and to later attempts', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = start();
    actor.send({ type: 'file.start', target });
    actor.send({ type: 'file.keyRefreshed', apiKey: 'key-2' });
    await fakes.resolve('findPreviousUpload', null);
    expect((fakes.starts('tusUpload')[0]?.input as TusUploadInput).apiKey).toBe('key-2');
    actor.send({ type: 'file.keyRefreshed', apiKey: 'key-3' });
    expect(fakes.received('tusUpload')).toEqual([{ type: 'tus.keyRefreshed', apiKey: 'key-3' }]);
    fakes.emit('tusUpload', { type: 'tus.error', failure: { status: null, body: '', message: 'offline' } });
    vi.advanceTimersByTime(0);
    await fakes.resolve('findPreviousUpload', null);
    expect((fakes.starts('tusUpload')[1]?.input as TusUploadInput).apiKey).toBe('key-3');
  });

  it('the default actors are loud stubs', async () => {
    for (const name of ['findPreviousUpload', 'tusUpload'] as const) {
      const logic = fileUploadMachine.implementations.actors[name] as AnyActorLogic;
      const child = createActor(logic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('file-upload machine: properties', () => {
  it('progress never exceeds the file size, whatever the transfer reports', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100, max: 1000 }), { maxLength: 30 }), fc.integer({ min: 1, max: 500 }), (reports, size) => {
        const fakes = controlledActors(kinds);
        const actor = createActor(fileUploadMachine.provide({ actors: fakes.logic }), { input: { ...input, file: { ...input.file, size } } }).start();
        actor.send({ type: 'file.start', target });
        actor.send({ type: 'xstate.done.actor.findPreviousUpload', output: null } as never);
        for (const bytesSent of reports) {
          if (fakes.isRunning('tusUpload')) fakes.emit('tusUpload', { type: 'tus.progress', bytesSent, bytesTotal: size });
          const sent = selectBytesSent(actor.getSnapshot());
          expect(sent).toBeGreaterThanOrEqual(0);
          expect(sent).toBeLessThanOrEqual(size);
        }
        actor.stop();
      }),
    );
  });

  it('fails at the first no-retry status or after six retries; never more than seven attempts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(null, 408, 500, 503, ...UPLOAD_NO_RETRY_STATUSES), { minLength: 8, maxLength: 8 }), async (statuses) => {
        vi.useFakeTimers();
        const fakes = controlledActors(kinds);
        const actor = createActor(fileUploadMachine.provide({ actors: fakes.logic }), { input }).start();
        actor.send({ type: 'file.start', target });
        let attempts = 0;
        for (const status of statuses) {
          if (actor.getSnapshot().status === 'done') break;
          await fakes.resolve('findPreviousUpload', null);
          attempts++;
          fakes.emit('tusUpload', { type: 'tus.error', failure: { status, body: '', message: 'x' } });
          vi.runOnlyPendingTimers();
          await flushMicrotasks();
        }
        const firstFatal = statuses.findIndex((status) => status !== null && UPLOAD_NO_RETRY_STATUSES.includes(status));
        const expectedAttempts = firstFatal === -1 ? 7 : Math.min(firstFatal + 1, 7);
        expect(attempts).toBe(expectedAttempts);
        expect(selectFileStatus(actor.getSnapshot())).toBe('failed');
        vi.useRealTimers();
      }),
      { numRuns: 60 },
    );
  });
});

type Snap = SnapshotFrom<typeof fileUploadMachine>;
const events: EventSample<typeof fileUploadMachine>[] = [
  { type: 'file.start', target },
  { type: 'file.cancel' },
  { type: 'file.keyRefreshed', apiKey: 'key-2' },
  { type: 'xstate.done.actor.findPreviousUpload', output: previous },
  { type: 'xstate.error.actor.findPreviousUpload', error: new Error('no storage') },
  { type: 'tus.progress', bytesSent: 5, bytesTotal: 10 },
  { type: 'tus.success' },
  { type: 'tus.error', failure: { status: 500, body: 'boom', message: '' } },
  { type: 'tus.error', failure: { status: 409, body: '', message: '' } },
  { type: 'xstate.after.uploadRetryDelay.fileUpload.uploading.retrying' },
];
const invariants: Invariants<typeof fileUploadMachine> = {
  '*': (s) => {
    expect(s.context.bytesSent).toBeGreaterThanOrEqual(0);
    expect(s.context.bytesSent).toBeLessThanOrEqual(s.context.file.size);
    expect(s.context.attempt).toBeLessThanOrEqual(UPLOAD_RETRY_DELAYS_MS.length);
  },
  queued: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectFileStatus(s)).toBe('queued');
  },
  uploading: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.target).not.toBeNull();
  },
  'uploading.findingPrevious': (_s, { actors }) => expect(actors?.running()).toEqual(['findPreviousUpload']),
  'uploading.sending': (s, { actors }) => {
    expect(actors?.running()).toEqual(['tusUpload']);
    const last = actors?.starts('tusUpload').at(-1)?.input as TusUploadInput;
    expect(last.previous).toEqual(s.context.previous);
  },
  'uploading.retrying': (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.failure?.status).toBe(500);
    expect(selectIsRetrying(s)).toBe(true);
  },
  done: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.bytesSent).toBe(10);
    expect(s.status).toBe('done');
  },
  failed: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    const error = selectFileError(s);
    if (error === UPLOAD_ABORTED_MESSAGE) expect(s.context.notice).toBeNull();
    else expect(['Failed to upload a.txt: File name already exists.', 'Failed to upload a.txt: boom']).toContain(error);
  },
};

// B4 uploads: a queued file starts, resumes a previous upload when there is one, retries after an error while it
// may, and ends done or failed; cancel fails it from anywhere.
const required = [
  'queued --file.start--> uploading',
  'uploading.findingPrevious --xstate.done.actor.findPreviousUpload--> uploading.sending',
  'uploading.sending --tus.success--> done',
  'uploading.sending --tus.error--> uploading.retrying',
  'uploading.sending --tus.error--> failed',
  'uploading.retrying --xstate.after.uploadRetryDelay.fileUpload.uploading.retrying--> uploading.findingPrevious',
  'uploading --file.cancel--> failed',
];
itRejectsEachDeletedTransition(fileUploadMachine, required);

describeMachinePaths('file-upload machine: generated paths', fileUploadMachine, {
  required,
  events,
  invariants,
  input,
  actors: controlledActors(kinds),
  simplePaths: false,
  // A finished file takes no more events (the graph traversal would still try them).
  filterEvents: (s) => s.status === 'active',
  // Retry counts and error texts abstracted so the graph stays small (the retry ladder is walked in the examples).
  serializeState: (s: Snap) =>
    JSON.stringify({
      value: s.value,
      status: s.status,
      retried: s.context.attempt > 0,
      sent: s.context.bytesSent,
      previous: s.context.previous !== null,
      key: s.context.target?.apiKey ?? null,
      error: s.context.error,
    }),
});
