// The run actor's reading of a failed run (moved out of the sql-run machine, issue 15).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { toRunError } from './sql-editor.ts';

describe('toRunError', () => {
  it("keeps the platform's message, and the position, formatted error and SQLSTATE of its body", () => {
    const error = new ApiError('relation "nope" does not exist', 400, { position: 15, formattedError: 'ERROR:  42P01: …', code: '42P01' });
    expect(toRunError(error, 12.5)).toEqual({
      message: 'relation "nope" does not exist', position: 15, formattedError: 'ERROR:  42P01: …', code: '42P01', durationMs: 12.5,
    });
  });

  it('reads nothing it cannot trust: wrong types, no body, a thrown string', () => {
    const odd = Object.assign(new Error('boom'), { body: { position: '15', formattedError: 3, code: 57014 } });
    expect(toRunError(odd)).toEqual({ message: 'boom', position: null, formattedError: null, code: null, durationMs: null });
    expect(toRunError('plain', 1)).toEqual({ message: 'plain', position: null, formattedError: null, code: null, durationMs: 1 });
  });
});
