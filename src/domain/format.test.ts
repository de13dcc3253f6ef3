import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BYTE_UNITS,
  COPY_BUTTON_FEEDBACK_MS,
  COPY_FEEDBACK_MS,
  formatBytes,
  formatInTimeZone,
  formatUtc,
  parseTimestamp,
} from './format.ts';

/** Reads a formatted size back into bytes (magnitude × 1024^unit). */
function magnitude(formatted: string): number {
  const [value, unit] = formatted.split(' ');
  const index = BYTE_UNITS.indexOf(unit as (typeof BYTE_UNITS)[number]);
  expect(index).toBeGreaterThanOrEqual(0);
  return Number(value) * 1024 ** index;
}

describe('formatBytes (spec A9)', () => {
  it.each([
    [0, '0 bytes'],
    [-5, '0 bytes'],
    [Number.NaN, '0 bytes'],
    [1, '1 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2, '1 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [1024 ** 4, '1024 GB'],
    [3 * 1024 ** 5, '3145728 GB'],
  ])('formatBytes(%s) is %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('honours the decimals argument', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
    expect(formatBytes(1234567, -1)).toBe('1 MB');
  });

  it('never goes beyond the GB unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e30, noNaN: true }), (bytes) => {
        const unit = formatBytes(bytes).split(' ')[1];
        expect(BYTE_UNITS).toContain(unit);
      }),
    );
  });

  it('is monotonic: more bytes never read as less', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e3, max: 1e15, noNaN: true }),
        fc.double({ min: -1e3, max: 1e15, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (a, b, decimals) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(magnitude(formatBytes(low, decimals))).toBeLessThanOrEqual(magnitude(formatBytes(high, decimals)));
        },
      ),
    );
  });

  it('stays within rounding of the input for positive sizes', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e14, noNaN: true }), (bytes) => {
        const read = magnitude(formatBytes(bytes, 2));
        expect(Math.abs(read - bytes) / bytes).toBeLessThan(0.01);
      }),
    );
  });

  it('shows a value below 1024 for every unit but the last', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1024 ** 3 - 1, noNaN: true }), (bytes) => {
        const [value] = formatBytes(bytes, 0).split(' ');
        expect(Number(value)).toBeLessThanOrEqual(1024);
      }),
    );
  });
});

describe('parseTimestamp', () => {
  const iso = '2024-03-05T10:20:30.123Z';
  const ms = Date.parse(iso);

  it('reads 16-digit values as microseconds (spec A2.14)', () => {
    expect(parseTimestamp(String(ms * 1000))?.toISOString()).toBe(iso);
    expect(parseTimestamp(ms * 1000)?.toISOString()).toBe(iso);
  });

  it('reads 13-digit values as milliseconds and 10-digit values as seconds', () => {
    expect(parseTimestamp(ms)?.toISOString()).toBe(iso);
    expect(parseTimestamp(String(Math.floor(ms / 1000)))?.toISOString()).toBe('2024-03-05T10:20:30.000Z');
  });

  it('reads ISO strings and Dates, and rejects garbage', () => {
    expect(parseTimestamp(iso)?.getTime()).toBe(ms);
    expect(parseTimestamp(new Date(ms))?.getTime()).toBe(ms);
    expect(parseTimestamp('not a date')).toBeNull();
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp(new Date(Number.NaN))).toBeNull();
  });

  it('agrees across seconds, milliseconds and microseconds for the same instant', () => {
    // 10-digit seconds: 2001-09-09 … 2286-11-20
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), (seconds) => {
        const fromSeconds = parseTimestamp(String(seconds))?.getTime();
        expect(parseTimestamp(String(seconds * 1000))?.getTime()).toBe(fromSeconds);
        expect(parseTimestamp(`${seconds}000000`)?.getTime()).toBe(fromSeconds);
      }),
    );
  });
});

describe('timestamp display', () => {
  const date = new Date('2024-03-05T23:20:30.000Z');
  it('formats UTC', () => {
    expect(formatUtc(date)).toBe('2024-03-05 23:20:30');
  });
  it('formats in a named time zone', () => {
    expect(formatInTimeZone(date, 'Asia/Tokyo')).toBe('2024-03-06 08:20:30');
    expect(formatInTimeZone(date, 'UTC')).toBe(formatUtc(date));
  });
});

describe('copy feedback (spec A9)', () => {
  it('is 1 s for parameters and timestamps, 2 s for Copied buttons', () => {
    expect(COPY_FEEDBACK_MS).toBe(1000);
    expect(COPY_BUTTON_FEEDBACK_MS).toBe(2000);
  });
});
