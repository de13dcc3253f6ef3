// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { fileUploadMachine, type FindPreviousInput, type PreviousUpload, type TusErrorEvent, type TusProgressEvent, type TusSuccessEvent, type TusUploadInput } from '../../../../machines/file-upload.machine.ts';
import { uploadQueueMachine, type UploadTarget } from '../../../../machines/upload-queue.machine.ts';
import { ToastRegion } from '../../../ui/ToastRegion.tsx';
import { toast } from '../../../ui/toast.ts';
import { UploadsProvider } from './UploadsProvider.tsx';
import { useUploads, useUploadsSettled, type UploadRequest, type UploadsSettledEvent } from './useUploads.ts';

type Transfer = { input: TusUploadInput; send: (event: TusEvent) => void; aborted: boolean };
type TusEvent = TusProgressEvent | TusSuccessEvent | TusErrorEvent;

function fakeQueue(target: Partial<UploadTarget> = {}) {
  const transfers: Transfer[] = [];
  const tusUpload = fromCallback<EventObject, TusUploadInput>(({ input, sendBack }) => {
    const transfer: Transfer = { input, send: sendBack, aborted: false };
    transfers.push(transfer);
    return () => {
      transfer.aborted = true;
    };
  });
  const logic = uploadQueueMachine.provide({
    actors: {
      prepareUploads: fromPromise(async () => ({ apiUrl: 'http://x/p/abc', apiKey: 'k', fileSizeLimit: 1000, allowedMimeTypes: null, ...target })),
      fetchTemporaryKey: fromPromise(async () => 'k2'),
      fileUpload: fileUploadMachine.provide({ actors: { tusUpload, findPreviousUpload: fromPromise<PreviousUpload | null, FindPreviousInput>(async () => null) } }),
    },
  });
  return { logic, transfers };
}

function Explorer({ request, onSettled }: { request: UploadRequest; onSettled: (e: UploadsSettledEvent) => void }) {
  const { enqueue } = useUploads();
  useUploadsSettled(onSettled);
  return <button onClick={() => enqueue(request)}>Upload</button>;
}

const files = (...sizes: number[]) => sizes.map((size, i) => ({ file: new File(['x'.repeat(size)], `f${i}.txt`), relativePath: '' }));
const request = (sizes: number[]): UploadRequest => ({ projectRef: 'abc', bucketId: 'docs', prefix: 'inbox', files: files(...sizes), existingNames: [] });

function setup(sizes: number[], target?: Partial<UploadTarget>) {
  const { logic, transfers } = fakeQueue(target);
  const onSettled = vi.fn();
  render(
    <>
      <ToastRegion />
      <UploadsProvider logic={logic}>
        <Explorer request={request(sizes)} onSettled={onSettled} />
      </UploadsProvider>
    </>,
  );
  return { transfers, onSettled, user: userEvent.setup() };
}

afterEach(() => act(() => toast.clear()));

describe('UploadsProvider', () => {
  it('shows the live progress toast, then the summary, and tells the explorer which folder to refresh', async () => {
    const { transfers, onSettled, user } = setup([100, 300]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(transfers).toHaveLength(2));
    const progress = await screen.findByTestId('upload-progress');
    expect(screen.getByText('Uploading 2 files...')).toBeTruthy();
    expect(within(progress).getByText('Please do not close the browser')).toBeTruthy();
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(progress).getByText('400 bytes remaining')).toBeTruthy();
    expect(within(progress).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(true);

    act(() => transfers[0]!.send({ type: 'tus.progress', bytesSent: 100, bytesTotal: 100 }));
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(progress).getByText('300 bytes remaining')).toBeTruthy();
    expect(transfers[0]!.input).toMatchObject({ bucketId: 'docs', objectName: 'inbox/f0.txt', contentType: 'text/plain', apiKey: 'k' });

    act(() => transfers[0]!.send({ type: 'tus.success' }));
    act(() => transfers[1]!.send({ type: 'tus.success' }));
    await screen.findByText('Successfully uploaded 2 files!');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(leaving()).toBe(false);
    expect(onSettled).toHaveBeenCalledWith({ projectRef: 'abc', bucketId: 'docs', prefixes: ['inbox'] });
  });

  it('Cancel stops the transfers: "Upload aborted by user", then the failure summary', async () => {
    const { transfers, onSettled, user } = setup([100, 300]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const progress = await screen.findByTestId('upload-progress');
    await waitFor(() => expect(transfers).toHaveLength(2));
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Upload aborted by user');
    await screen.findByText('Failed to upload 2 files!');
    expect(transfers.every((t) => t.aborted)).toBe(true);
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('rejects files over the global limit with the 8 s toast and shows per-file errors', async () => {
    const { transfers, user } = setup([100, 5000, 0]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Failed to upload 1 file as its size is beyond the global upload limit of 1000 bytes.');
    expect(screen.getByText('You can change the global file size upload limit in Storage Settings.')).toBeTruthy();
    expect(screen.getByText('Failed to upload 1 file as its size is 0.')).toBeTruthy();
    await waitFor(() => expect(transfers).toHaveLength(1));
    act(() => transfers[0]!.send({ type: 'tus.error', failure: { status: 409, body: '', message: '' } }));
    await screen.findByText('Failed to upload f0.txt: File name already exists.');
    await screen.findByText('Failed to upload 1 file!');
  });

  it('a failed preparation reads "Failed to upload files" with the reason', async () => {
    const { logic } = fakeQueue();
    const broken = logic.provide({ actors: { prepareUploads: fromPromise(async () => Promise.reject(new Error('Bucket not found'))) } });
    render(
      <>
        <ToastRegion />
        <UploadsProvider logic={broken}>
          <Explorer request={request([1])} onSettled={() => {}} />
        </UploadsProvider>
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Failed to upload files');
    expect(screen.getByText('Bucket not found')).toBeTruthy();
  });

  it('useUploads without a provider fails loudly only when used', () => {
    function Lonely() {
      const { enqueue } = useUploads();
      return <button onClick={() => expect(() => enqueue(request([1]))).toThrow(/UploadsProvider/)}>x</button>;
    }
    render(<Lonely />);
    screen.getByRole('button', { name: 'x' }).click();
  });
});
