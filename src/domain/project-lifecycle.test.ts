import fc from 'fast-check';
import { COMPUTE_SIZES as COMPUTE_SIZE_IDS } from '../api/schemas/lifecycle.ts';
import { describe, expect, it } from 'vitest';
import {
  afterDeleteHref,
  COMPUTE_SIZES,
  computeSizeById,
  dayCount,
  DEFAULT_COMPUTE_SIZE,
  defaultResumeVersion,
  EXIT_SURVEY_REASONS,
  exitSurvey,
  formatMonthly,
  freePlanResumeText,
  isComputeSizeAvailable,
  NONE_OF_THE_ABOVE,
  pausedTooLongText,
  reasonsText,
  restoreBody,
  restoreDeadline,
  resumeVersionOptions,
  shuffledExitReasons,
} from './project-lifecycle.ts';

describe('exit survey', () => {
  it('has the ten reasons of C9, shuffled, with None of the above last', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.9999999, noNaN: true }), { minLength: 10, maxLength: 10 }), (draws) => {
        let i = 0;
        const reasons = shuffledExitReasons(() => draws[i++ % draws.length]!);
        expect(reasons).toHaveLength(11);
        expect(reasons.at(-1)).toBe(NONE_OF_THE_ABOVE);
        expect([...reasons.slice(0, 10)].sort()).toEqual([...EXIT_SURVEY_REASONS].sort());
      }),
    );
  });

  it('a random source of 1.0 still gives a permutation', () => {
    expect(new Set(shuffledExitReasons(() => 1)).size).toBe(11);
  });

  it('the order changes with the random source', () => {
    const orders = new Set(Array.from({ length: 20 }, () => shuffledExitReasons().join('|')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('reasons are "- reason" per line, and the body is the spec shape', () => {
    expect(reasonsText(['Too expensive', 'Difficult to use'])).toBe('- Too expensive\n- Difficult to use');
    expect(exitSurvey({ projectRef: 'abc', orgSlug: 'acme', reasons: ['Too expensive'], feedback: '' })).toEqual({
      projectRef: 'abc',
      orgSlug: 'acme',
      reasons: '- Too expensive',
      additionalFeedback: '',
      exitAction: 'delete',
    });
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes('\n')), { minLength: 1 }), (reasons) => {
        const lines = reasonsText(reasons).split('\n');
        expect(lines.every((line) => line.startsWith('- '))).toBe(true);
        expect(lines.map((line) => line.slice(2))).toEqual(reasons);
      }),
    );
  });

  it('after deleting: the last visited organization, else /organizations', () => {
    expect(afterDeleteHref('acme')).toBe('/org/acme');
    expect(afterDeleteHref(undefined)).toBe('/organizations');
  });
});

describe('resume texts', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says N day(s) and the date', () => {
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(89)).toBe('89 days');
    expect(restoreDeadline(89, now)).toBe('20 February 2027');
    expect(freePlanResumeText(1, now)).toContain('within 1 day of being paused, until 24 November 2026');
    expect(pausedTooLongText(90)).toContain('paused for over 90 days');
  });

  it('the deadline is never before today', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 1000 }), (days) => {
        const parsed = Date.parse(`${restoreDeadline(days, now)} UTC`);
        expect(parsed).toBeGreaterThanOrEqual(Date.parse('2026-11-23T00:00:00Z'));
      }),
    );
  });
});

describe('Postgres version for resume', () => {
  const versions = [
    { version: 'strata-postgres-15.8', release_channel: 'ga', postgres_engine: '15' },
    { version: 'strata-postgres-17.4', release_channel: 'beta', postgres_engine: '17' },
    { version: 'strata-postgres-17.4', release_channel: 'ga', postgres_engine: '17' },
  ];
  it('sorts descending with ga preferred, values engine|channel', () => {
    expect(resumeVersionOptions(versions).map((o) => o.id)).toEqual(['17|ga', '17|beta', '15|ga']);
    expect(defaultResumeVersion(versions)).toBe('17|ga');
    expect(defaultResumeVersion([])).toBe('');
  });
  it('the restore body comes from the value', () => {
    expect(restoreBody('17|ga')).toEqual({ postgres_engine: '17', release_channel: 'ga' });
    expect(restoreBody('')).toEqual({});
    expect(restoreBody('nonsense')).toEqual({});
  });
});

describe('compute sizes (B9)', () => {
  it('lists the 18 sizes, Micro first as the fallback', () => {
    expect(COMPUTE_SIZES).toHaveLength(18);
    expect(DEFAULT_COMPUTE_SIZE).toMatchObject({ id: 'ci_micro', label: 'Micro', pricePerMonth: 10 });
    expect(computeSizeById('ci_48xlarge_high_memory')).toMatchObject({ ramGb: 3072, cpuCores: 192, pricePerHour: 43.84, pricePerMonth: 32000 });
    expect(new Set(COMPUTE_SIZES.map((s) => s.id)).size).toBe(18);
    expect(formatMonthly(14200)).toBe('$14,200/month');
  });
  it('8XL and above are not available on FLY', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMPUTE_SIZES), fc.constantFrom('AWS', 'FLY', undefined), (size, provider) => {
        const index = COMPUTE_SIZES.indexOf(size);
        expect(isComputeSizeAvailable(size.id, provider)).toBe(provider !== 'FLY' || index < 7);
      }),
    );
    expect(isComputeSizeAvailable('ci_nope', 'AWS')).toBe(false);
  });
});

describe('compute sizes (spec B9)', () => {
  it('offers exactly the sizes the platform accepts, in the same order', () => {
    expect(COMPUTE_SIZES.map((s) => s.id)).toEqual([...COMPUTE_SIZE_IDS]);
  });
});
