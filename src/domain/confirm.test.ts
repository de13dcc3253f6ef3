import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIRMATION_MISMATCH_ERROR, confirmationLabel, matchesConfirmation } from './confirm.ts';

describe('matchesConfirmation (spec A5)', () => {
  it('accepts the exact string, with surrounding whitespace trimmed', () => {
    expect(matchesConfirmation('my-project', 'my-project')).toBe(true);
    expect(matchesConfirmation('  my-project \n', 'my-project')).toBe(true);
  });

  it('rejects other strings, including case changes and inner differences', () => {
    expect(matchesConfirmation('My-Project', 'my-project')).toBe(false);
    expect(matchesConfirmation('my project', 'my-project')).toBe(false);
    expect(matchesConfirmation('', 'my-project')).toBe(false);
  });

  it('accepts any whitespace padding around the expected value', () => {
    const ws = fc.stringMatching(/^[ \t\n]*$/);
    const expected = fc.string({ minLength: 1 }).filter((s) => s.trim() === s);
    fc.assert(fc.property(ws, expected, ws, (pre, value, post) => {
      expect(matchesConfirmation(pre + value + post, value)).toBe(true);
    }));
  });

  it('rejects any input whose trimmed form differs', () => {
    fc.assert(fc.property(fc.string(), fc.string({ minLength: 1 }), (input, expected) => {
      fc.pre(input.trim() !== expected);
      expect(matchesConfirmation(input, expected)).toBe(false);
    }));
  });

  it('has the spec wording', () => {
    expect(confirmationLabel('prod-db')).toBe('Type prod-db to confirm.');
    expect(CONFIRMATION_MISMATCH_ERROR).toBe('Value entered does not match');
  });
});
