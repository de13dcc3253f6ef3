import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultFlags, flagKey, isEnabled } from './navigation/flags.ts';
import {
  changedFlags,
  enqueueBounded,
  flagValuesJson,
  lookupFlag,
  mergeFlags,
  readTelemetryDataCookie,
  remoteFlagValue,
  scrubSecrets,
  scrubText,
  servedRemoteFlags,
  telemetryGroups,
  TELEMETRY_DATA_COOKIE,
} from './signals.ts';
import { TELEMETRY_EVENTS } from './telemetry-events.ts';

describe('flags rules (spec A4.12)', () => {
  it('remote value: override, else null, else the value with other empty values false', () => {
    expect(remoteFlagValue(true, false)).toBe(false);
    expect(remoteFlagValue(null, undefined)).toBeNull();
    expect(remoteFlagValue('', undefined)).toBe(false);
    expect(remoteFlagValue(0, undefined)).toBe(false);
    expect(remoteFlagValue(undefined, undefined)).toBe(false);
    expect(remoteFlagValue('beta', undefined)).toBe('beta');
  });
  it('merges defaults, remote by camelCase key, then overrides', () => {
    const merged = mergeFlags(defaultFlags(), [{ settingKey: 'reports:all', settingValue: false }, { settingKey: 'unifiedLogs', settingValue: 'on' }], { reportsAll: true }, flagKey);
    expect(merged.reportsAll).toBe(true);
    expect(merged.unifiedLogs).toBe(true);
    expect(merged.brandingLargeLogo).toBe(false);
  });
  it('lookup logs a missing key of a non-empty store and answers false', () => {
    expect(lookupFlag({ a: true }, 'b')).toEqual({ value: false, error: 'Flag key "b" does not exist in the flag store.' });
    expect(lookupFlag({}, 'b')).toEqual({ value: false, error: null });
    expect(lookupFlag({ a: 'x' }, 'a')).toEqual({ value: 'x', error: null });
  });
  it('the embedded JSON escapes every "<" and still parses to the same values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.boolean(), fc.string(), fc.constant(null))), (flags) => {
        const json = flagValuesJson(flags);
        expect(json).not.toContain('<');
        expect(JSON.parse(json)).toEqual(flags);
      }),
    );
  });
  it('tracks only changed values', () => {
    expect(changedFlags({ a: true, b: false }, { a: true, b: true, c: null })).toEqual([
      { feature_flag_name: 'b', feature_flag_value: true },
      { feature_flag_name: 'c', feature_flag_value: null },
    ]);
  });
});

describe('telemetry rules (spec A4.13)', () => {
  it('a bounded queue keeps the newest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 30 }), (items, max) => {
        const queue = items.reduce<number[]>((q, item) => enqueueBounded(q, item, max), []);
        expect(queue).toEqual(items.slice(Math.max(0, items.length - max)));
      }),
    );
  });
  it('groups from route params, Unknown removed', () => {
    expect(telemetryGroups({ slug: 'acme', ref: 'abc' })).toEqual({ organization: 'acme', project: 'abc' });
    expect(telemetryGroups({ slug: 'acme', ref: 'abc', projectRef: 'Unknown' })).toEqual({ organization: 'acme' });
    expect(telemetryGroups({ organizationSlug: 'Unknown', projectRef: 'Unknown' })).toBeUndefined();
  });
  it('reads the telemetry-data cookie; malformed is null', () => {
    expect(readTelemetryDataCookie(`a=1; ${TELEMETRY_DATA_COOKIE}=${encodeURIComponent('{"pathname":"/x"}')}`)).toEqual({ pathname: '/x' });
    expect(readTelemetryDataCookie(`${TELEMETRY_DATA_COOKIE}=%7Bbad`)).toBeNull();
    expect(readTelemetryDataCookie('a=1')).toBeNull();
  });
});

describe('scrubbing: no secrets reach the collector', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.abcdefghijklmnop';
  it('removes e-mails, tokens, keys, passwords from text and urls', () => {
    const text = scrubText(
      `user a.b@example.com at https://x.test/p?access_token=abc123&tab=1#refresh_token=zzz Bearer ${jwt} postgres://postgres:hunter2@db:5432/x strata_secret_abcdefghij key ${'A'.repeat(48)}`,
    );
    for (const secret of ['a.b@example.com', 'abc123', 'zzz', jwt, 'hunter2', 'strata_secret_abcdefghij', 'A'.repeat(48)]) expect(text).not.toContain(secret);
    expect(text).toContain('tab=1');
  });
  it('blanks secret-named fields at any depth and keeps the rest', () => {
    expect(scrubSecrets({ page_url: '/x?apikey=k1', nested: [{ password: 'p', Authorization: 'x', ok: 'fine', token: true }] })).toEqual({
      page_url: '/x?apikey=[scrubbed]',
      nested: [{ password: '[scrubbed]', Authorization: '[scrubbed]', ok: 'fine', token: true }],
    });
  });
  it("keeps the console's telemetry event names (branch_create_merge_request_button_clicked is 42 characters, the length of a random token)", () => {
    for (const action of Object.values(TELEMETRY_EVENTS)) {
      expect(scrubSecrets({ action, custom_properties: {} })).toEqual({ action, custom_properties: {} });
    }
    // Only the exact names: a token that merely contains one is still scrubbed.
    const padded = `${TELEMETRY_EVENTS.branchCreateMergeRequestButtonClicked}_x9`;
    expect(scrubSecrets({ action: padded })).toEqual({ action: '[scrubbed]' });
  });
  it('property: a planted e-mail or JWT never survives', () => {
    fc.assert(
      fc.property(fc.json(), fc.constantFrom('x.y@corp.io', jwt), (json, secret) => {
        const value = { data: JSON.parse(json), where: `before ${secret} after` };
        expect(JSON.stringify(scrubSecrets(value))).not.toContain(secret);
      }),
    );
  });
});

describe("the local platform's remote flag defaults (spec A4.12, A2.6)", () => {
  it('serves replicationEnabled on unless stored otherwise; stored flags keep their values, sorted by key', () => {
    expect(servedRemoteFlags([])).toEqual([{ settingKey: 'replicationEnabled', settingValue: true }]);
    expect(servedRemoteFlags([{ settingKey: 'unifiedLogs', settingValue: true }, { settingKey: 'replicationEnabled', settingValue: false }])).toEqual([
      { settingKey: 'replicationEnabled', settingValue: false },
      { settingKey: 'unifiedLogs', settingValue: true },
    ]);
  });
  it("so the console's flags turn Replication on: merged with the defaults and no override", () => {
    const flags = mergeFlags(defaultFlags(), servedRemoteFlags([]), {}, flagKey);
    expect(isEnabled(flags, 'replicationEnabled')).toBe(true);
    // An override cookie still wins (spec A4.12).
    expect(isEnabled(mergeFlags(defaultFlags(), servedRemoteFlags([]), { replicationEnabled: false }, flagKey), 'replicationEnabled')).toBe(false);
  });
});
