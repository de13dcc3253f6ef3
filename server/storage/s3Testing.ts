// Test support (issue 23): an S3-compatible server from the registry (s3rver, in-process, files in a temporary
// folder) with one bucket, and the storage configuration that points the platform at it.
//
// s3rver 3.7 (the registry's S3 emulator for Node; the others are SDK mocks without a server) lacks two calls that
// @tus/s3-store makes: ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId); it answers them
// MethodNotAllowed. A small front answers those two from s3rver's own upload folder and passes everything else on.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config.ts';
import { s3Client } from './s3Backend.ts';

// The SDK warns once per process that its 2027 releases need Node 22; it says nothing about this use.
process.env.AWS_SDK_JS_SUPPRESS_NODE_DEPRECATION_WARNING ??= '1';

export interface TestS3 {
  config: { backend: 's3' } & S3StorageConfig;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** The bytes of the object at `key`. */
  bytes(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'strata-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'strata-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port: innerPort } = (await server.run()) as { port: number };
  const front = createServer((req, res) => void frontRequest(directory, innerPort, req, res));
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const port = (front.address() as AddressInfo).port;
  const config = {
    backend: 's3' as const,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = s3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async bytes(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      front.closeAllConnections();
      await new Promise<void>((done) => front.close(() => done()));
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function frontRequest(directory: string, innerPort: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://front');
  const uploadId = url.searchParams.get('uploadId');
  const [, bucket] = url.pathname.split('/');
  if (uploadId && bucket && (req.method === 'GET' || req.method === 'DELETE') && /^[A-Za-z0-9_-]+$/.test(uploadId)) {
    const folder = join(directory, bucket, '._S3rver_uploads', uploadId);
    if (!existsSync(folder)) {
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
      return;
    }
    if (req.method === 'DELETE') {
      rmSync(folder, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const parts = readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = join(folder, String(number));
        const info = statSync(file);
        const md5 = readFileSync(`${file}.md5`, 'utf8').trim();
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>&quot;${md5}&quot;</ETag><Size>${info.size}</Size></Part>`;
      });
    const key = readFileSync(join(folder, 'key'), 'utf8');
    res.writeHead(200, { 'content-type': 'application/xml' }).end(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
    return;
  }
  const inner = httpRequest({ host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  inner.on('error', () => res.destroy());
  req.pipe(inner);
}
