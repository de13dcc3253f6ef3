// Formatting rules shared by the console: bytes, timestamps, copy feedback durations.

/** Copy feedback for parameters and timestamps. spec A9 (3-constants.md: "Copy feedback: 1 s"), A2.14 */
export const COPY_FEEDBACK_MS = 1000;
/** Copy feedback for 'Copied' buttons and keys. spec A9 (3-constants.md: "2 s ('Copied' buttons, keys)") */
export const COPY_BUTTON_FEEDBACK_MS = 2000;

/** spec A9: byte formatting is base 1024 with the unit capped at GB (index 3). */
export const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
const BYTE_BASE = 1024;
const MAX_DECIMALS = 20;

/**
 * Formats a byte count: base 1024, units bytes/KB/MB/GB (never beyond GB), trailing zeros dropped.
 * 0, negatives and non-numbers read '0 bytes' (spec A9).
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!(bytes > 0)) return '0 bytes';
  const places = Math.min(MAX_DECIMALS, Math.max(0, Math.trunc(Number.isFinite(decimals) ? decimals : 0)));
  const exponent = Math.floor(Math.log(bytes) / Math.log(BYTE_BASE));
  const unitIndex = Math.min(BYTE_UNITS.length - 1, Math.max(0, exponent));
  const value = bytes / BYTE_BASE ** unitIndex;
  return `${Number.parseFloat(value.toFixed(places))} ${BYTE_UNITS[unitIndex]}`;
}

/**
 * Reads a timestamp. Numeric values (numbers or digit strings) are read by their digit count:
 * 16 digits are microseconds (spec A2.14), 13 milliseconds, 10 seconds; other lengths are milliseconds.
 * Other strings go through Date parsing. Returns null for anything that is not a valid time.
 */
export function parseTimestamp(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  const text = String(value).trim();
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) {
    const digits = text.replace('-', '').length;
    const n = Number(text);
    const ms = digits === 16 ? n / 1000 : digits === 10 ? n * 1000 : n;
    return validDate(ms);
  }
  if (typeof value === 'number') return validDate(value);
  return validDate(Date.parse(text));
}

function validDate(ms: number): Date | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' in UTC, e.g. for 'Started on: {date} (UTC)' (spec A2.8). */
export function formatUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** 'YYYY-MM-DD HH:mm:ss' in the given time zone (the browser's when omitted). */
export function formatInTimeZone(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The name of a time zone as shown next to local times, e.g. 'Europe/Paris'. */
export function localTimeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
