import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { boundaryOf, readMultipart } from './multipart.ts';

const BOUNDARY = '----formdata-undici-0123456789';

function form(fields: [string, string][], file: Buffer, type = 'image/png'): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: ${type}\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The body cut into chunks at the given positions. */
function chunked(body: Buffer, cuts: number[]): Readable {
  const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let last = 0;
  for (const point of [...points, body.length]) {
    if (point > last) chunks.push(body.subarray(last, point));
    last = Math.max(last, point);
  }
  return Readable.from(chunks);
}

async function collect(stream: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe('streaming multipart reader', () => {
  it('finds the boundary in the content type', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; boundary="quoted"')).toBe('quoted');
    expect(boundaryOf('text/plain')).toBeNull();
  });

  it('returns the fields and the exact file bytes however the body is split (fuzzed)', async () => {
    // File bytes that look like delimiters: CRLF, dashes and pieces of the boundary.
    const byteArb = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      fc.constantFrom('\r\n', '--', `\r\n--${BOUNDARY.slice(0, 10)}`, `--${BOUNDARY}`, '\r').map((s) => Buffer.from(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        // RFC 2046: a delimiter (CRLF, '--', boundary) never occurs inside a body part — whose content follows the
        // CRLF that ends its headers, so content may not start with '--' boundary either; anything short of it may.
        fc
          .array(byteArb, { maxLength: 20 })
          .map((parts) => Buffer.concat(parts))
          .filter((b) => !Buffer.concat([Buffer.from('\r\n'), b]).includes(`\r\n--${BOUNDARY}`)),
        fc.string({ maxLength: 20 }).filter((s) => !s.includes('\r\n--')),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (file, cache, cuts) => {
          const body = form([['cacheControl', cache], ['metadata', '{"a":1}']], file);
          const result = await readMultipart(chunked(body, cuts), BOUNDARY);
          expect(result.fields).toEqual({ cacheControl: cache, metadata: '{"a":1}' });
          expect(result.file.contentType).toBe('image/png');
          expect((await collect(result.file.stream)).equals(file)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses bodies without a file or cut short with a 400', async () => {
    const noFile = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${BOUNDARY}--\r\n`);
    await expect(readMultipart(Readable.from([noFile]), BOUNDARY)).rejects.toBeInstanceOf(StorageError);
    await expect(readMultipart(Readable.from([Buffer.from('garbage')]), BOUNDARY)).rejects.toMatchObject({ status: 400 });
    const cut = form([], Buffer.from('abc')).subarray(0, 120);
    const result = await readMultipart(Readable.from([cut]), BOUNDARY);
    await expect(collect(result.file.stream)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a form field over 64 KiB with a 400 rather than keeping it', async () => {
    const body = form([['metadata', 'x'.repeat(64 * 1024 + 1)]], Buffer.from('abc'));
    await expect(readMultipart(Readable.from([body]), BOUNDARY)).rejects.toMatchObject({ status: 400, message: 'A form field is too large' });
  });

  it('takes an unnamed part without a filename as the file', async () => {
    const body = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n60\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data\r\nContent-Type: text/csv\r\n\r\na,b\r\n--${BOUNDARY}--\r\n`,
    );
    const result = await readMultipart(Readable.from([body]), BOUNDARY);
    expect(result.fields).toEqual({ cacheControl: '60' });
    expect(result.file.contentType).toBe('text/csv');
    expect((await collect(result.file.stream)).toString()).toBe('a,b');
  });

  /** A 1 GiB form made on the fly, counting how many bytes the reader pulled from it. */
  function hugeForm() {
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 7);
    const state = { pulled: 0, destroyed: false };
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) this.push(head);
        sent += chunk.length;
        state.pulled = sent;
        this.push(sent > 1024 ** 3 ? null : chunk);
      },
      destroy(error, done) {
        state.destroyed = true;
        done(error);
      },
    });
    return { body, state };
  }

  it('reads no further ahead than the file stream is read (back-pressure): a big upload is not held in memory', async () => {
    const { body, state } = hugeForm();
    const result = await readMultipart(body, BOUNDARY);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nobody reads the file yet: only the streams' buffers may have been filled.
    expect(state.pulled).toBeLessThan(4 * 1024 * 1024);
    let read = 0;
    for await (const part of result.file.stream) {
      read += (part as Buffer).length;
      if (read > 32 * 1024 * 1024) break;
    }
    expect(state.pulled - read).toBeLessThan(4 * 1024 * 1024);
  });

  it('stops reading the request when the consumer gives up on the file', async () => {
    const { body, state } = hugeForm();
    const result = await readMultipart(body, BOUNDARY);
    result.file.stream.destroy(new StorageError(413, 'Payload too large', 'too large'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.destroyed).toBe(true);
    const pulled = state.pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.pulled).toBe(pulled);
  });
});
