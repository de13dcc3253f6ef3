import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLogsQuery,
  customRange,
  escapeRegex,
  histogramBars,
  LOGS_ILIKE_MESSAGE,
  LOGS_WITH_MESSAGE,
  logsQueryRefusal,
  NO_LOG_FILTERS,
  presetRange,
  rowLevel,
} from './logs.ts';

describe('buildLogsQuery', () => {
  it('writes the filters of a source as a logs query', () => {
    expect(buildLogsQuery('api', { status: '4xx', method: 'POST', severity: 'ERROR', search: '' })).toBe(
      "select timestamp, method, path, status, duration_ms, role, service, event_message\nfrom edge_logs\nwhere status >= 400 and status < 500\n  and method = 'POST'\norder by timestamp desc\nlimit 100",
    );
    // Severity belongs to Postgres; status and method do not.
    expect(buildLogsQuery('postgres', { status: '5xx', method: 'GET', severity: 'ERROR', search: '' })).toContain("where severity = 'ERROR'\n");
    expect(buildLogsQuery('auth', NO_LOG_FILTERS)).toContain('from auth_logs\norder by');
    // The message column once, also where the source lists it.
    expect(buildLogsQuery('postgres', NO_LOG_FILTERS)).toMatch(/^select timestamp, severity, database, event_message\nfrom postgres_logs/);
  });

  it('takes the search literally: quotes doubled, regex characters escaped, case-insensitive', () => {
    const sql = buildLogsQuery('api', { ...NO_LOG_FILTERS, search: "it's a (test).*" });
    expect(sql).toContain(String.raw`regexp_contains(event_message, '(?i)it''s a \\(test\\)\\.\\*')`);
  });

  it('never produces a refused query, whatever is searched', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('api', 'postgres', 'auth', 'storage' as const), (search, source) => {
        expect(logsQueryRefusal(buildLogsQuery(source, { ...NO_LOG_FILTERS, search }))).toBeNull();
        return true;
      }),
    );
  });

  it('escapes every regex character', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
      }),
    );
  });
});

describe('logsQueryRefusal (spec A5)', () => {
  it('refuses WITH, subqueries and ILIKE with the spec’s messages', () => {
    expect(logsQueryRefusal('with a as (select 1) select * from a')).toBe(LOGS_WITH_MESSAGE);
    expect(logsQueryRefusal('select * from edge_logs where path in (select path from edge_logs)')).toBe(LOGS_WITH_MESSAGE);
    expect(logsQueryRefusal("select * from edge_logs where path ILIKE '%a%'")).toBe(LOGS_ILIKE_MESSAGE);
    expect(LOGS_WITH_MESSAGE).toBe('The parser does not yet support WITH and subquery statements.');
    expect(LOGS_ILIKE_MESSAGE).toBe('BigQuery does not support ILIKE. Use REGEXP_CONTAINS instead.');
  });
  it('does not count words inside strings or comments', () => {
    expect(logsQueryRefusal("select * from edge_logs where path = 'with ilike (select'")).toBeNull();
    expect(logsQueryRefusal('select * from edge_logs -- with')).toBeNull();
  });
});

describe('time ranges and the histogram', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('reads presets and custom ranges', () => {
    expect(presetRange('15m', now).start.toISOString()).toBe('2026-11-27T11:45:00.000Z');
    expect(presetRange('nope', now).start.toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(customRange('', '2026-11-27T10:00')).toBe('Choose a start time');
    expect(customRange('2026-11-27T10:00', '2026-11-27T09:00')).toBe('The start must be before the end');
    expect(customRange('2026-11-01T10:00', '2026-11-27T09:00')).toBe('The range may span at most 8 days');
    expect(customRange('2026-11-27T08:00', '2026-11-27T09:00')).toMatchObject({ start: expect.any(Date) });
  });
  it('fills every bucket of the range and places counts in theirs', () => {
    const range = { start: new Date('2026-11-27T11:00:00Z'), end: now };
    const bars = histogramBars(range, [
      { timestamp: '2026-11-27T11:00:00Z', count: 2 },
      { timestamp: '2026-11-27T11:59:30Z', count: 5 },
    ]);
    expect(bars).toHaveLength(60);
    expect(bars[0]!.count).toBe(2);
    expect(bars[59]!.count).toBe(5);
    expect(bars.reduce((s, b) => s + b.count, 0)).toBe(7);
  });
  it('levels rows by status and severity', () => {
    expect(rowLevel({ status: 503 })).toBe('error');
    expect(rowLevel({ status: 404 })).toBe('warning');
    expect(rowLevel({ severity: 'FATAL' })).toBe('error');
    expect(rowLevel({ status: 200 })).toBe('info');
  });
});
