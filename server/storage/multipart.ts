// The multipart/form-data uploads of the official client (a Blob goes as a form with the fields cacheControl and
// metadata, then the file), read by a maintained streaming parser (@fastify/busboy, issue 15) rather than our own.
// Text fields are small and kept in memory; the file part is handed over as a stream as its bytes arrive, with
// back-pressure down to the request, so a large upload is never held in memory.
import { Readable } from 'node:stream';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { StorageError } from './errors.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: { stream: Readable; contentType: string | null };
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
/** Fields before the file: the client sends two; a few more are tolerated, a flood is refused. */
const MAX_PARTS = 100;

export function boundaryOf(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const bad = (message: string) => new StorageError(400, 'InvalidRequest', message);

/** The parser's own messages name its internals; the client gets one of ours. */
function refusal(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/unexpected end/i.test(message)) return bad('The multipart body ended early');
  if (/header/i.test(message)) return bad('Malformed multipart part headers');
  return bad('The upload was interrupted');
}

/**
 * Reads fields until the first file part (a part with a filename, or the unnamed part the official client sends)
 * and resolves with the fields and that part's byte stream. Parts after the file are not kept.
 */
export function readMultipart(body: AsyncIterable<Uint8Array>, boundary: string): Promise<MultipartUpload> {
  const source = body instanceof Readable ? body : Readable.from(body, { objectMode: false });
  const fields: Record<string, string> = {};
  return new Promise<MultipartUpload>((resolve, reject) => {
    let file: BusboyFileStream | null = null;
    let settled = false;
    // The consumer of the file stream may stop early (limit reached, duplicate name, disk error): reading the
    // rest of the request would only waste it, so the request is dropped.
    let stopped = false;
    const fail = (error: unknown) => {
      const refused = refusal(error);
      if (!settled) {
        settled = true;
        reject(refused);
      } else if (file && !file.readableEnded) {
        file.destroy(refused);
      }
      stop();
    };
    const stop = () => {
      if (stopped) return;
      stopped = true;
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
        // The official client appends the Blob under an empty name and no filename in some runtimes.
        isPartAFile: (name, _type, filename) => filename !== undefined || !name,
        limits: { fieldSize: MAX_FIELD_BYTES, parts: MAX_PARTS, headerSize: MAX_HEADER_BYTES, files: 1 },
      });
    } catch (error) {
      reject(refusal(error));
      return;
    }

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return fail(bad('A form field is too large'));
      if (!file) fields[name] = value;
    });
    parser.on('file', (_name, stream, _filename, _encoding, mimeType) => {
      // A body cut short errors the part's stream; the consumer may not be reading yet (the upload checks the
      // name first), and an unheard 'error' would end the process. The consumer still sees it: a stream already
      // errored fails the pipeline it is put in.
      stream.on('error', () => {});
      if (file) {
        stream.resume(); // only the first file counts
        return;
      }
      file = stream;
      stream.on('close', () => {
        if (!stream.readableEnded) stop();
      });
      settled = true;
      // A part without a Content-Type is text/plain (RFC 7578 §4.4), as the hosted storage service takes it.
      resolve({ fields, file: { stream, contentType: mimeType || null } });
    });
    parser.on('partsLimit', () => fail(bad('The multipart body has too many parts')));
    parser.on('error', fail);
    parser.on('finish', () => {
      if (!settled) fail(bad('The multipart body has no file'));
    });
    source.on('error', fail);
    source.pipe(parser);
  });
}
