// A streaming multipart/form-data reader for the official client's uploads (a Blob goes as a form with the
// fields cacheControl and metadata, then the file). Text fields are small and kept in memory; the file part is
// handed over as a stream as its bytes arrive, so a large upload is never held in memory.
import { Readable } from 'node:stream';
import { StorageError } from './errors.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: { stream: Readable; contentType: string | null };
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const bad = (message: string) => new StorageError(400, 'InvalidRequest', message);

function partHeaders(raw: string): { name: string | null; filename: string | null; contentType: string | null } {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      name = /\bname="([^"]*)"/i.exec(value)?.[1] ?? null;
      filename = /\bfilename="([^"]*)"/i.exec(value)?.[1] ?? null;
    } else if (key === 'content-type') {
      contentType = value;
    }
  }
  return { name, filename, contentType };
}

/**
 * Reads fields until the first file part (a part with a filename, or the unnamed part the official client sends)
 * and resolves with the fields and that part's byte stream. Parts after the file are ignored.
 */
export function readMultipart(body: AsyncIterable<Uint8Array>, boundary: string): Promise<MultipartUpload> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  return new Promise<MultipartUpload>((resolve, reject) => {
    let settled = false;
    let file: Readable | null = null;
    const fail = (error: Error) => {
      if (!settled) {
        settled = true;
        reject(error);
      } else file?.destroy(error);
    };
    void (async () => {
      // A leading CRLF makes the first boundary look like every other delimiter.
      let buffer: Buffer = Buffer.from('\r\n');
      let state: 'preamble' | 'afterDelimiter' | 'headers' | 'field' | 'file' = 'preamble';
      let current: { name: string | null; contentType: string | null } | null = null;
      let fieldChunks: Buffer[] = [];
      let fieldBytes = 0;
      // Back-pressure: the file part's reader asks for more (read) or gives up (destroy).
      let resumeFile: (() => void) | null = null;
      let fileGone = false;
      const iterator = body[Symbol.asyncIterator]();
      let ended = false;
      const more = async (): Promise<boolean> => {
        if (ended) return false;
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          return false;
        }
        buffer = buffer.length ? Buffer.concat([buffer, next.value]) : Buffer.from(next.value);
        return true;
      };
      const emit = async (bytes: Buffer) => {
        if (bytes.length === 0) return;
        if (state === 'file') {
          if (fileGone) throw new StorageError(400, 'InvalidRequest', 'The upload was cancelled');
          if (!file!.push(bytes)) await new Promise<void>((ready) => (resumeFile = ready));
        } else {
          fieldBytes += bytes.length;
          if (fieldBytes > MAX_FIELD_BYTES) throw bad('A form field is too large');
          fieldChunks.push(bytes);
        }
      };
      for (;;) {
        if (state === 'preamble') {
          const at = buffer.indexOf(delimiter);
          if (at < 0) {
            buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
            if (!(await more())) throw bad('The multipart body has no boundary');
            continue;
          }
          buffer = buffer.subarray(at + delimiter.length);
          state = 'afterDelimiter';
        } else if (state === 'afterDelimiter') {
          if (buffer.length < 2 && !(await more())) throw bad('The multipart body ended early');
          if (buffer.length < 2) continue;
          if (buffer[0] === 0x2d && buffer[1] === 0x2d) break; // the closing delimiter
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) {
            if (buffer.length > 256 || !(await more())) throw bad('Malformed multipart boundary line');
            continue;
          }
          buffer = buffer.subarray(eol + 2);
          state = 'headers';
        } else if (state === 'headers') {
          const end = buffer.indexOf(CRLF2);
          // Headers of a part with no header lines: the blank line comes at once.
          const blank = buffer.subarray(0, 2).toString() === '\r\n';
          if (end < 0 && !blank) {
            if (buffer.length > MAX_HEADER_BYTES) throw bad('Multipart part headers are too large');
            if (!(await more())) throw bad('The multipart body ended early');
            continue;
          }
          const raw = blank ? '' : buffer.subarray(0, end).toString('utf8');
          buffer = buffer.subarray(blank ? 2 : end + 4);
          const headers = partHeaders(raw);
          current = headers;
          if (headers.filename !== null || !headers.name) {
            state = 'file';
            file = new Readable({
              read() {
                const resume = resumeFile;
                resumeFile = null;
                resume?.();
              },
              destroy(error, done) {
                // The consumer gave up (limit reached, disk error): stop reading the request.
                fileGone = true;
                const resume = resumeFile;
                resumeFile = null;
                resume?.();
                done(error);
              },
            });
            settled = true;
            resolve({ fields, file: { stream: file, contentType: headers.contentType } });
          } else {
            state = 'field';
            fieldChunks = [];
            fieldBytes = 0;
          }
        } else {
          const at = buffer.indexOf(delimiter);
          if (at >= 0) {
            await emit(buffer.subarray(0, at));
            buffer = buffer.subarray(at + delimiter.length);
            if (state === 'file') {
              file!.push(null);
              return; // the rest of the body (other parts, the epilogue) is not needed
            }
            fields[current!.name!] = Buffer.concat(fieldChunks).toString('utf8');
            state = 'afterDelimiter';
            continue;
          }
          // Keep what could be the start of a delimiter split across chunks.
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            const out = buffer.subarray(0, buffer.length - keep);
            buffer = Buffer.from(buffer.subarray(buffer.length - keep));
            await emit(out);
          }
          if (!(await more())) throw bad('The multipart body ended early');
        }
      }
      if (!settled) throw bad('The multipart body has no file');
    })().catch((error: Error) => fail(error instanceof StorageError ? error : bad('The upload was interrupted')));
  });
}
