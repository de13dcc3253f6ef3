// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
// The lazy upload queue host (issue 15, keeping issue 8): no queue until a page that uploads asks for it; files
// enqueued while it loads are sent once it is there; the queue outlives the page that started it.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { fileUploadMachine, type FindPreviousInput, type PreviousUpload, type TusUploadInput } from '../../../../machines/file-upload.machine.ts';
import { uploadQueueMachine, type UploadTarget } from '../../../../machines/upload-queue.machine.ts';
import { useUploads, useUploadsSettled, type UploadRequest } from './useUploads.ts';
import { LazyUploadsProvider } from './LazyUploadsProvider.tsx';

function fakeQueue() {
  const transfers: { input: TusUploadInput; aborted: boolean }[] = [];
  let started = 0;
  const tusUpload = fromCallback<EventObject, TusUploadInput>(({ input }) => {
    const transfer = { input, aborted: false };
    transfers.push(transfer);
    return () => {
      transfer.aborted = true;
    };
  });
  const logic = uploadQueueMachine.provide({
    actors: {
      prepareUploads: fromPromise(async (): Promise<UploadTarget> => {
        started++;
        return { apiUrl: 'http://x/p/abc', apiKey: 'k', fileSizeLimit: 1000, allowedMimeTypes: null };
      }),
      fetchTemporaryKey: fromPromise(async () => 'k2'),
      fileUpload: fileUploadMachine.provide({ actors: { tusUpload, findPreviousUpload: fromPromise<PreviousUpload | null, FindPreviousInput>(async () => null) } }),
    },
  });
  return { logic, transfers, started: () => started };
}

const request: UploadRequest = {
  projectRef: 'abc',
  bucketId: 'docs',
  prefix: '',
  files: [{ file: new File(['xx'], 'a.txt'), relativePath: '' }],
  existingNames: [],
};

function StoragePage() {
  const { enqueue } = useUploads();
  useUploadsSettled(() => {});
  return <button onClick={() => enqueue(request)}>Upload</button>;
}

describe('LazyUploadsProvider', () => {
  it('loads the queue for the first page that uploads, hands over early files, and keeps it after leaving', async () => {
    const { logic, transfers } = fakeQueue();
    const loaded = vi.fn();
    function Probe() {
      loaded();
      return null;
    }
    const page = (show: boolean) => (
      <LazyUploadsProvider logic={logic}>
        <Probe />
        {show ? <StoragePage /> : <p>Project home</p>}
      </LazyUploadsProvider>
    );
    const { rerender } = render(page(false));
    expect(transfers).toHaveLength(0);

    rerender(page(true));
    // Clicked at once: the queue may still be loading, the file waits for it.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(transfers).toHaveLength(1), { timeout: 10_000 });
    expect(transfers[0]!.input.file.name).toBe('a.txt');

    // Leaving the storage page keeps the transfer going (issue 8).
    rerender(page(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(transfers[0]!.aborted).toBe(false);
  });

  it('loads nothing while no page uploads', async () => {
    const { logic, started } = fakeQueue();
    render(
      <LazyUploadsProvider logic={logic}>
        <p>Project home</p>
      </LazyUploadsProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(started()).toBe(0);
    expect(document.body.textContent).toBe('Project home');
  });
});
