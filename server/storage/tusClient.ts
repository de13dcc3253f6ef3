// Test support: tus-js-client (Node) against a project's resumable endpoint, as a promise.
import * as tus from 'tus-js-client';

export interface TusOutcome {
  ok: boolean;
  status?: number;
  body?: string;
  url?: string | null;
}

export function tusUpload(
  endpoint: string,
  key: string,
  input: Buffer | import('node:fs').ReadStream,
  options: {
    bucketName: string;
    objectName: string;
    contentType?: string;
    upsert?: boolean;
    chunkSize: number;
    uploadSize?: number;
  },
): Promise<TusOutcome> {
  return new Promise((resolve) => {
    const upload = new tus.Upload(input, {
      endpoint,
      chunkSize: options.chunkSize,
      ...(options.uploadSize !== undefined ? { uploadSize: options.uploadSize } : {}),
      retryDelays: [],
      headers: { apikey: key, 'x-source': 'tests', ...(options.upsert ? { 'x-upsert': 'true' } : {}) },
      metadata: {
        bucketName: options.bucketName,
        objectName: options.objectName,
        contentType: options.contentType ?? 'application/octet-stream',
        cacheControl: '3600',
      },
      onError(error) {
        const detailed = error as tus.DetailedError;
        resolve({
          ok: false,
          ...(detailed.originalResponse ? { status: detailed.originalResponse.getStatus(), body: detailed.originalResponse.getBody() } : {}),
        });
      },
      onSuccess() {
        resolve({ ok: true, url: upload.url });
      },
    });
    upload.start();
  });
}
