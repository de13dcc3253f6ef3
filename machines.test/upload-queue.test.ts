import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorLogic, type EventObject, type SnapshotFrom } from 'xstate';
import { fileUploadMachine, type TusUploadInput } from '../machines/file-upload.machine.ts';
import { uploadQueueMachine, type UploadQueueEmitted, type UploadRequestInput, type UploadTarget } from '../machines/upload-queue.machine.ts';
import {
  selectFileCount,
  selectIsCancelling,
  selectIsUploading,
  selectSentBytes,
  selectSettledCount,
  selectTotalBytes,
} from '../machines/upload-queue.selectors.ts';
import { TEMPORARY_KEY_REFRESH_MS, TEMPORARY_KEY_RETRY_MS, UPLOAD_ABORTED_MESSAGE } from '../src/domain/storage-uploads.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants, itRejectsEachDeletedTransition } from './support/paths.ts';

const kinds = { prepareUploads: 'promise', fetchTemporaryKey: 'promise', fileUpload: 'callback' } as const;
const MB = 1024 * 1024;
const target: UploadTarget = { apiUrl: 'http://127.0.0.1:1/p/abc', apiKey: 'key-1', fileSizeLimit: 100, allowedMimeTypes: null };
const file = (name: string, size: number) => ({ name, size, type: '' });
const request: UploadRequestInput = {
  projectRef: 'abc',
  bucketId: 'docs',
  prefix: 'folder',
  files: [
    { file: file('a.txt', 10), relativePath: '' },
    { file: file('empty.txt', 0), relativePath: '' },
    { file: file('big.bin', 1000), relativePath: '' },
    { file: file('d.png', 5), relativePath: 'sub/d.png' },
  ],
  existingNames: ['a.txt'],
};

function start(batchSize?: number) {
  const fakes = controlledActors(kinds);
  const actor = createActor(uploadQueueMachine.provide({ actors: fakes.logic }), { input: { batchSize } });
  const emitted: UploadQueueEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted };
}

afterEach(() => vi.useRealTimers());

describe('upload-queue machine: examples', () => {
  it('rejects over-limit and zero-byte files up front, uploads the rest and reports the summary', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'upload.enqueue', request });
    expect(fakes.starts('prepareUploads')[0]?.input).toEqual({ projectRef: 'abc', bucketId: 'docs' });
    await fakes.resolve('prepareUploads', target);
    expect(emitted.map((e) => e.type === 'notice' && e.message)).toEqual([
      'Failed to upload 1 file as its size is beyond the global upload limit of 100 bytes.',
      'Failed to upload 1 file as its size is 0.',
    ]);
    expect(emitted[0]).toMatchObject({ timeout: 8000, link: 'storageSettings', description: 'You can change the global file size upload limit in Storage Settings.' });
    const s = actor.getSnapshot();
    expect(selectIsUploading(s)).toBe(true);
    expect(s.context.run?.files.map((f) => [f.objectName, f.contentType])).toEqual([
      ['folder/a (1).txt', 'text/plain'],
      ['folder/sub/d.png', 'image/png'],
    ]);
    expect(fakes.starts('fileUpload').map((start) => start.id)).toEqual(['file-1-0', 'file-1-1']);
    expect(fakes.received('file-1-0')).toEqual([{ type: 'file.start', target: { apiUrl: target.apiUrl, apiKey: 'key-1' } }]);
    actor.send({ type: 'file.progress', id: 'file-1-0', bytesSent: 4 });
    expect(selectSentBytes(actor.getSnapshot())).toBe(4);
    expect(selectTotalBytes(actor.getSnapshot())).toBe(15);
    actor.send({ type: 'file.done', id: 'file-1-0' });
    actor.send({ type: 'file.failed', id: 'file-1-1', aborted: false, notice: { message: 'Failed to upload d.png: File name already exists.' } });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(fakes.running()).toEqual([]);
    expect(emitted.slice(2)).toEqual([
      { type: 'notice', kind: 'error', message: 'Failed to upload d.png: File name already exists.', projectRef: 'abc' },
      { type: 'notice', kind: 'success', message: 'Successfully uploaded 1 out of 2 files!', projectRef: 'abc' },
      { type: 'settled', projectRef: 'abc', bucketId: 'docs', prefixes: ['folder'] },
    ]);
  });

  it('sends files in batches of 10', async () => {
    const { actor, fakes } = start();
    const many = Array.from({ length: 25 }, (_, i) => ({ file: file(`f${i}.txt`, 1), relativePath: '' }));
    actor.send({ type: 'upload.enqueue', request: { ...request, files: many, existingNames: [] } });
    await fakes.resolve('prepareUploads', target);
    expect(fakes.running().filter((id) => id.startsWith('file-'))).toHaveLength(10);
    for (let i = 0; i < 9; i++) actor.send({ type: 'file.done', id: `file-1-${i}` });
    expect(fakes.starts('fileUpload')).toHaveLength(10); // the batch waits for its last file
    actor.send({ type: 'file.done', id: 'file-1-9' });
    expect(fakes.starts('fileUpload')).toHaveLength(20);
    for (let i = 10; i < 20; i++) actor.send({ type: 'file.done', id: `file-1-${i}` });
    expect(fakes.starts('fileUpload')).toHaveLength(25);
    expect(selectSettledCount(actor.getSnapshot())).toBe(20);
  });

  it('cancel all: running files are told to stop, queued ones end at once, then the summary', async () => {
    const { actor, fakes, emitted } = start(1);
    actor.send({ type: 'upload.enqueue', request });
    await fakes.resolve('prepareUploads', target);
    actor.send({ type: 'upload.enqueue', request }); // waits its turn; cancel drops it
    actor.send({ type: 'upload.cancel' });
    expect(selectIsCancelling(actor.getSnapshot())).toBe(true);
    expect(fakes.received('file-1-0').at(-1)).toEqual({ type: 'file.cancel' });
    expect(actor.getSnapshot().context.waiting).toEqual([]);
    actor.send({ type: 'file.failed', id: 'file-1-0', aborted: true, notice: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    const messages = emitted.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(messages.slice(2)).toEqual([UPLOAD_ABORTED_MESSAGE, 'Failed to upload 2 files!']);
    expect(emitted.some((e) => e.type === 'settled')).toBe(false);
  });

  it('a failed preparation reads "Failed to upload files"; the next request still runs', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'upload.enqueue', request });
    actor.send({ type: 'upload.enqueue', request });
    await fakes.reject('prepareUploads', new Error('Bucket not found'));
    expect(emitted).toEqual([{ type: 'notice', kind: 'error', message: 'Failed to upload files', description: 'Bucket not found', projectRef: 'abc' }]);
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    expect(fakes.starts('prepareUploads')).toHaveLength(2);
  });

  it('refreshes the temporary key before it expires and hands it to the running files', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = start();
    actor.send({ type: 'upload.enqueue', request });
    await fakes.resolve('prepareUploads', target);
    vi.advanceTimersByTime(TEMPORARY_KEY_REFRESH_MS - 1);
    expect(fakes.isRunning('fetchTemporaryKey')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchTemporaryKey')[0]?.input).toEqual({ projectRef: 'abc' });
    await fakes.reject('fetchTemporaryKey', new Error('offline'));
    vi.advanceTimersByTime(TEMPORARY_KEY_RETRY_MS);
    await fakes.resolve('fetchTemporaryKey', 'key-2');
    expect(fakes.received('file-1-1').at(-1)).toEqual({ type: 'file.keyRefreshed', apiKey: 'key-2' });
    expect(actor.getSnapshot().context.run?.target?.apiKey).toBe('key-2');
  });

  it('runs real file machines end to end (fake transfer), emitting settled folders', async () => {
    const transfers: TusUploadInput[] = [];
    let running = 0;
    let maxRunning = 0;
    const tusUpload = fromCallback<EventObject, TusUploadInput>(({ input, sendBack }) => {
      transfers.push(input);
      running++;
      maxRunning = Math.max(maxRunning, running);
      const timer = setTimeout(() => {
        sendBack({ type: 'tus.progress', bytesSent: input.file.size, bytesTotal: input.file.size });
        sendBack(input.objectName.endsWith('bad.txt') ? { type: 'tus.error', failure: { status: 415, body: '', message: '' } } : { type: 'tus.success' });
      }, 1);
      return () => {
        running--;
        clearTimeout(timer);
      };
    });
    const fileUpload = fileUploadMachine.provide({ actors: { tusUpload, findPreviousUpload: fromPromise(async () => null) } });
    const machine = uploadQueueMachine.provide({ actors: { fileUpload, prepareUploads: fromPromise(async () => ({ ...target, fileSizeLimit: MB, allowedMimeTypes: ['image/*'] })) } });
    const actor = createActor(machine).start();
    const emitted: UploadQueueEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    const files = Array.from({ length: 23 }, (_, i) => ({ file: file(i === 4 ? 'bad.txt' : `p${i}.png`, 100), relativePath: i % 2 ? `deep/x${i}/p${i}.png` : '' }));
    actor.send({ type: 'upload.enqueue', request: { ...request, prefix: '', files, existingNames: [] } });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(transfers).toHaveLength(23);
    expect(maxRunning).toBe(10);
    const notices = emitted.filter((e) => e.type === 'notice').map((e) => ({ message: (e as { message: string }).message, description: (e as { description?: string }).description }));
    expect(notices).toEqual([
      { message: 'Failed to upload bad.txt: text/plain is not allowed', description: 'Allowed MIME types: image/*' },
      { message: 'Successfully uploaded 22 out of 23 files!', description: undefined },
    ]);
    const settled = emitted.find((e) => e.type === 'settled');
    expect(settled).toMatchObject({ bucketId: 'docs' });
    expect((settled as { prefixes: string[] }).prefixes.slice(0, 3)).toEqual(['', 'deep', 'deep/x1']);
  });

  it('the default actors are loud stubs', async () => {
    for (const name of ['prepareUploads', 'fetchTemporaryKey'] as const) {
      const logic = uploadQueueMachine.implementations.actors[name] as AnyActorLogic;
      const child = createActor(logic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('upload-queue machine: properties', () => {
  it('random progress and outcomes never push the aggregate past 100 %, and the totals add up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 25 }),
        fc.array(
          fc.record({ index: fc.nat(30), kind: fc.constantFrom('progress', 'done', 'failed', 'cancel'), bytes: fc.integer({ min: -10, max: 200 }) }),
          { maxLength: 80 },
        ),
        async (sizes, steps) => {
          const { actor, fakes, emitted } = start();
          const files = sizes.map((size, i) => ({ file: file(`f${i}`, size), relativePath: '' }));
          actor.send({ type: 'upload.enqueue', request: { ...request, files, existingNames: [] } });
          await fakes.resolve('prepareUploads', { ...target, fileSizeLimit: null });
          const total = sizes.reduce((a, b) => a + b, 0);
          for (const step of steps) {
            const id = `file-1-${step.index}`;
            if (step.kind === 'progress') actor.send({ type: 'file.progress', id, bytesSent: step.bytes });
            else if (step.kind === 'done') actor.send({ type: 'file.done', id });
            else if (step.kind === 'failed') actor.send({ type: 'file.failed', id, aborted: false, notice: { message: 'x' } });
            else actor.send({ type: 'upload.cancel' });
            const s = actor.getSnapshot();
            if (s.matches('idle')) break;
            expect(selectTotalBytes(s)).toBe(total);
            expect(selectSentBytes(s)).toBeLessThanOrEqual(total);
            expect(selectSentBytes(s)).toBeGreaterThanOrEqual(0);
            expect(selectSettledCount(s)).toBeLessThanOrEqual(selectFileCount(s));
            const uploading = s.context.run!.files.filter((f) => f.status === 'uploading').length;
            expect(uploading).toBeLessThanOrEqual(10);
          }
          const summary = emitted.find((e) => e.type === 'notice' && /uploaded|Failed to upload \d/.test(e.message));
          if (actor.getSnapshot().matches('idle')) expect(summary).toBeDefined();
          actor.stop();
        },
      ),
      { numRuns: 80 },
    );
  });
});

type Snap = SnapshotFrom<typeof uploadQueueMachine>;
const outcomes = (id: string): EventSample<typeof uploadQueueMachine>[] => [
  { type: 'file.progress', id, bytesSent: 3 },
  { type: 'file.done', id },
  { type: 'file.failed', id, aborted: false, notice: { message: 'Failed to upload a.txt: File name already exists.' } },
  { type: 'file.failed', id, aborted: true, notice: null },
];
const events: EventSample<typeof uploadQueueMachine>[] = [
  { type: 'upload.enqueue', request },
  { type: 'upload.enqueue', request: { ...request, files: [request.files[1]!] } },
  { type: 'upload.cancel' },
  { type: 'xstate.done.actor.prepareUploads', output: target },
  { type: 'xstate.error.actor.prepareUploads', error: new Error('Bucket not found') },
  { type: 'xstate.done.actor.fetchTemporaryKey', output: 'key-2' },
  { type: 'xstate.error.actor.fetchTemporaryKey', error: new Error('offline') },
  { type: 'xstate.after.temporaryKeyRefresh.uploadQueue.running.key.fresh' },
  { type: 'xstate.after.temporaryKeyRetry.uploadQueue.running.key.stale' },
  ...outcomes('file-1-0'),
  ...outcomes('file-1-1'),
];
const invariants: Invariants<typeof uploadQueueMachine> = {
  '*': (s) => {
    expect(selectSentBytes(s)).toBeLessThanOrEqual(selectTotalBytes(s));
  },
  idle: (s, { actors }) => {
    expect(s.context.run).toBeNull();
    expect(actors?.running()).toEqual([]);
    expect(s.hasTag('busy')).toBe(false);
  },
  preparing: (s, { actors }) => {
    expect(actors?.running()).toEqual(['prepareUploads']);
    expect(s.context.run?.target).toBeNull();
  },
  running: (s, { actors }) => {
    expect(selectIsUploading(s)).toBe(true);
    const uploading = s.context.run!.files.filter((f) => f.status === 'uploading');
    expect(uploading).toHaveLength(1); // batch size 1 in this run
    for (const f of uploading) expect(actors?.isRunning(f.id)).toBe(true);
  },
  'running.key.refreshing': (_s, { actors }) => expect(actors?.isRunning('fetchTemporaryKey')).toBe(true),
  'running.key.fresh': (_s, { actors }) => expect(actors?.isRunning('fetchTemporaryKey')).toBe(false),
  'running.key.stale': (_s, { actors }) => expect(actors?.isRunning('fetchTemporaryKey')).toBe(false),
  cancelling: (s) => {
    expect(s.context.run!.cancelled).toBe(true);
    expect(s.context.run!.files.some((f) => f.status === 'queued')).toBe(false);
  },
};

// B4 uploads: requests are prepared and screened, files go in batches, the temporary key is refreshed (and retried
// when stale), a cancel waits for the files in flight, and a summary ends every run.
const required = [
  'idle --(always)--> preparing',
  'preparing --xstate.done.actor.prepareUploads--> screening',
  'preparing --upload.cancel--> idle',
  'screening --(always)--> idle',
  'screening --(always)--> running',
  'running --upload.cancel--> cancelling',
  'running.files.sending --(always)--> summarising',
  'running.files.sending --(always)--> running.files.startingBatch',
  'running.key.fresh --xstate.after.temporaryKeyRefresh.uploadQueue.running.key.fresh--> running.key.refreshing',
  'running.key.refreshing --xstate.error.actor.fetchTemporaryKey--> running.key.stale',
  'running.key.stale --xstate.after.temporaryKeyRetry.uploadQueue.running.key.stale--> running.key.refreshing',
  'cancelling --(always)--> summarising',
  'summarising --(always)--> idle',
];
itRejectsEachDeletedTransition(uploadQueueMachine, required);

describeMachinePaths('upload-queue machine: generated paths', uploadQueueMachine, {
  required,
  events,
  invariants,
  input: { batchSize: 1 },
  actors: controlledActors(kinds),
  simplePaths: false,
  // Requests arrive when idle or while one is being prepared (one waiting at most): enough to walk every
  // transition that a waiting request changes, while keeping the graph small.
  filterEvents: (s, event) => event.type !== 'upload.enqueue' || s.matches('idle') || (s.matches('preparing') && s.context.waiting.length === 0),
  maxPaths: 1500,
  serializeState: (s: Snap) =>
    JSON.stringify({
      value: s.value,
      waiting: s.context.waiting.map((r) => r.files.length),
      run: s.context.run && {
        files: s.context.run.files.map((f) => `${f.id}:${f.status}:${f.sent}`),
        key: s.context.run.target?.apiKey ?? null,
        cancelled: s.context.run.cancelled,
        files0: s.context.run.request.files.length,
      },
    }),
});

