// Real effects of the upload machines: the platform calls that prepare a run and the tus transfer itself
// (tus-js-client against {project API URL}/storage/v1/upload/resumable, spec B7).
//
// Retries: the file-upload machine owns them (spec B9 delays, no-retry statuses, visible as its `retrying`
// state), so tus-js-client gets `retryDelays: null`; each retry starts a new transfer that resumes the stored
// upload (findPreviousUploads → resumeFromPreviousUpload), which is what tus-js-client's own retry would do.
import type { DetailedError, Upload, UploadOptions } from 'tus-js-client';

// tus-js-client is loaded on the first upload: the queue lives in the signed-in layout, and every other page
// should not pay for it in first-load JavaScript.
const loadTus = () => import('tus-js-client');
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  fileUploadMachine,
  type FindPreviousInput,
  type PreviousUpload,
  type TusErrorEvent,
  type TusKeyEvent,
  type TusProgressEvent,
  type TusSuccessEvent,
  type TusUploadInput,
} from '../../machines/file-upload.machine.ts';
import { uploadQueueMachine, type UploadTarget } from '../../machines/upload-queue.machine.ts';
import { createTemporaryApiKey, fetchBucketAllowedMimeTypes, fetchProjectApiUrl, fetchStorageFileSizeLimit } from '../api/uploads.ts';
import { UPLOAD_CACHE_CONTROL, UPLOAD_SOURCE_HEADER, uploadChunkSize, type UploadFailure } from '../domain/storage-uploads.ts';

/** spec B7: the resumable endpoint of a project. */
export const resumableEndpoint = (apiUrl: string) => `${apiUrl.replace(/\/+$/, '')}/storage/v1/upload/resumable`;

/**
 * Identifies "the same file" for resuming: tus-js-client's default (name, type, size, lastModified, endpoint)
 * would resume an upload into another bucket or folder, so the target is part of it.
 */
export function uploadFingerprint(input: FindPreviousInput): string {
  const file = input.file as File;
  return ['strata-tus', resumableEndpoint(input.apiUrl), input.bucketId, input.objectName, file.size, file.lastModified ?? 0].join('|');
}

type UploadInput = FindPreviousInput & { previous?: PreviousUpload | null };

function tusOptions(input: UploadInput, currentKey: () => string): UploadOptions {
  return {
    endpoint: resumableEndpoint(input.apiUrl),
    // spec B7: x-source names the console; files never overwrite (a clash is the 409 of B8).
    headers: { 'x-upsert': 'false', 'x-source': UPLOAD_SOURCE_HEADER },
    // The key is set per request so a refreshed key (300 s lifetime) reaches a long upload's later requests.
    onBeforeRequest: (request) => {
      request.setHeader('apikey', currentKey());
      request.setHeader('authorization', `Bearer ${currentKey()}`);
    },
    metadata: {
      bucketName: input.bucketId,
      objectName: input.objectName,
      cacheControl: UPLOAD_CACHE_CONTROL,
      contentType: input.contentType,
    },
    // spec B9 table (never undefined: TOOLCHAIN.md). spec B7: a file within one chunk goes in a single request,
    // the creating POST itself (the platform's tus runs without tus's own expiry, which re-read finished uploads).
    chunkSize: uploadChunkSize(input.file.size),
    uploadDataDuringCreation: true,
    retryDelays: null,
    removeFingerprintOnSuccess: true,
    fingerprint: async () => uploadFingerprint(input),
  };
}

function failureOf(error: Error | DetailedError): UploadFailure {
  const response = (error as DetailedError).originalResponse ?? null;
  const status = response?.getStatus() ?? null;
  let body = '';
  try {
    body = response?.getBody() ?? '';
  } catch {
    body = '';
  }
  const cause = (error as DetailedError).causingError;
  return { status: status && status > 0 ? status : null, body: typeof body === 'string' ? body : '', message: cause?.message || error.message };
}

/** The most recent stored upload of this file, to resume; null when there is none. */
export const findPreviousUpload = fromPromise<PreviousUpload | null, FindPreviousInput>(async ({ input }) => {
  const { Upload } = await loadTus();
  const upload = new Upload(input.file as File, tusOptions(input, () => input.apiKey));
  const previous = await upload.findPreviousUploads();
  const sameSize = previous.filter((candidate) => candidate.size === input.file.size && candidate.uploadUrl);
  sameSize.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  return (sameSize[0] as unknown as PreviousUpload | undefined) ?? null;
});

/** The transfer: progress, success or the failure as the machine reads it; stopping the actor aborts it. */
export const tusUpload = fromCallback<EventObject, TusUploadInput>(({ input, sendBack, receive }) => {
  let apiKey = input.apiKey;
  receive((event) => {
    if (event.type === 'tus.keyRefreshed') apiKey = (event as TusKeyEvent).apiKey;
  });
  let finished = false;
  let stopped = false;
  let upload: Upload | null = null;
  loadTus().then(
    ({ Upload: TusUpload }) => {
      if (stopped) return;
      upload = new TusUpload(input.file as File, {
        ...tusOptions(input, () => apiKey),
        onProgress: (bytesSent, bytesTotal) => sendBack({ type: 'tus.progress', bytesSent, bytesTotal } satisfies TusProgressEvent),
        onSuccess: () => {
          finished = true;
          sendBack({ type: 'tus.success' } satisfies TusSuccessEvent);
        },
        onError: (error) => {
          finished = true;
          sendBack({ type: 'tus.error', failure: failureOf(error) } satisfies TusErrorEvent);
        },
      });
      if (input.previous) upload.resumeFromPreviousUpload(input.previous as never);
      upload.start();
    },
    (error: Error) => {
      // The upload code could not be loaded (offline, a new deployment): a failure with no HTTP status.
      finished = true;
      sendBack({ type: 'tus.error', failure: { status: null, body: '', message: error.message } } satisfies TusErrorEvent);
    },
  );
  // Cancel or leaving the state: stop the requests; the stored upload stays so the same file can resume later.
  return () => {
    stopped = true;
    if (upload && !finished) void upload.abort(false);
  };
});

/** Everything a run needs before sending: the key and API URL are required, the limits are best effort. */
export const prepareUploads = fromPromise<UploadTarget, { projectRef: string; bucketId: string }>(async ({ input }) => {
  void loadTus().catch(() => undefined); // start fetching the upload code while the key is requested
  const [apiUrl, apiKey, fileSizeLimit, allowedMimeTypes] = await Promise.all([
    fetchProjectApiUrl(input.projectRef),
    createTemporaryApiKey(input.projectRef),
    fetchStorageFileSizeLimit(input.projectRef).catch(() => null),
    fetchBucketAllowedMimeTypes(input.projectRef, input.bucketId).catch(() => null),
  ]);
  return { apiUrl, apiKey, fileSizeLimit, allowedMimeTypes };
});

export const fetchTemporaryKey = fromPromise<string, { projectRef: string }>(async ({ input }) => createTemporaryApiKey(input.projectRef));

/** The upload queue with the platform and tus-js-client behind it. */
export const uploadQueueWithEffects = uploadQueueMachine.provide({
  actors: {
    prepareUploads,
    fetchTemporaryKey,
    fileUpload: fileUploadMachine.provide({ actors: { findPreviousUpload, tusUpload } }),
  },
});
