import { describe, expect, it } from 'vitest';
import { workerCount } from './workers.ts';

describe('E2E_WORKERS', () => {
  it('takes a positive whole number', () => {
    expect(workerCount('1')).toBe(1);
    expect(workerCount('3')).toBe(3);
    expect(workerCount(' 4 ')).toBe(4);
  });
  it('reads anything else as the default of 2', () => {
    for (const value of [undefined, '', ' ', '0', '-1', 'two', '1.5', '2abc', 'Infinity', 'NaN']) expect(workerCount(value), String(value)).toBe(2);
  });
});
