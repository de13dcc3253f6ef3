// The helpers every machine shares (machines/support.ts).
import { describe, expect, it } from 'vitest';
import { errorMessage, notProvided, notProvidedStub } from '../../machines/support.ts';

describe('notProvided', () => {
  it('throws naming the effect and its kind', () => {
    expect(() => notProvided('fetch status')).toThrow("the 'fetch status' actor is not provided");
    expect(() => notProvided('apply theme', 'action')).toThrow("the 'apply theme' action is not provided");
    const stub = notProvidedStub('write theme');
    expect(stub).toThrow("the 'write theme' actor is not provided");
  });
});

describe('errorMessage', () => {
  it("shows the error's own message, a thrown string, else the screen's fallback", () => {
    expect(errorMessage(new Error('permission denied for table x'), 'fallback')).toBe('permission denied for table x');
    expect(errorMessage({ message: 'from the platform' })).toBe('from the platform');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(new Error(''), 'The plan could not be changed')).toBe('The plan could not be changed');
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage({ message: 42 }, 'fallback')).toBe('fallback');
  });
});
