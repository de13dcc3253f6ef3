import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  flagOverridesFromCookie,
  FEATURE_FLAGS,
  PREVIEW_FLAGS,
  defaultFlags,
  flagKey,
  isDisableAllOverride,
  isEnabled,
} from './flags.ts';

describe('flagKey (spec A4.12)', () => {
  it('turns flag names into camelCase keys with ":" read as "_"', () => {
    expect(flagKey('project_auth:all')).toBe('projectAuthAll');
    expect(flagKey('reports:all')).toBe('reportsAll');
    expect(flagKey('branding:large_logo')).toBe('brandingLargeLogo');
    expect(flagKey('project_connection:show_app_frameworks')).toBe('projectConnectionShowAppFrameworks');
    expect(flagKey('search:fullIndex')).toBe('searchFullIndex');
    expect(flagKey('authOverview')).toBe('authOverview');
  });

  it('property: keys hold no ":" or "_" and camelCase keys are fixed points', () => {
    const part = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), fc.array(part, { minLength: 1, maxLength: 3 }), (a, b) => {
        const key = flagKey(`${a.join('_')}:${b.join('_')}`);
        expect(key).not.toMatch(/[:_]/);
        expect(flagKey(key)).toBe(key);
        expect(key.toLowerCase()).toBe([...a, ...b].join(''));
      }),
    );
  });

  it('gives every known flag a distinct key', () => {
    const keys = [...FEATURE_FLAGS, ...PREVIEW_FLAGS].map(flagKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('defaultFlags (spec A4.12, A6)', () => {
  it('turns every feature on except branding:large_logo', () => {
    const flags = defaultFlags();
    for (const name of FEATURE_FLAGS) {
      expect(isEnabled(flags, name)).toBe(name !== 'branding:large_logo');
    }
    expect(flags.brandingLargeLogo).toBe(false);
    expect(flags.reportsAll).toBe(true);
  });

  it('names the spec A6 capabilities', () => {
    for (const name of [
      'reports:all',
      'billing:all',
      'project_auth:all',
      'project_edge_function:all',
      'project_storage:all',
      'realtime:all',
      'projects:create',
      'organizations:create',
      'branding:large_logo',
      'infrastructure:read_replicas',
      'project_connection:show_app_frameworks',
      'project_connection:show_mobile_frameworks',
      'project_connection:show_orms',
      'search:fullIndex',
    ]) {
      expect(FEATURE_FLAGS).toContain(name);
    }
  });

  it('turns every feature off under ENABLED_FEATURES_OVERRIDE_DISABLE_ALL', () => {
    const flags = defaultFlags(true);
    for (const name of FEATURE_FLAGS) expect(isEnabled(flags, name)).toBe(false);
    expect(Object.keys(flags)).toHaveLength(FEATURE_FLAGS.length);
  });

  it('leaves preview flags off', () => {
    const flags = defaultFlags();
    for (const name of PREVIEW_FLAGS) expect(isEnabled(flags, name)).toBe(false);
  });

  it('reads the env override', () => {
    expect(isDisableAllOverride('true')).toBe(true);
    expect(isDisableAllOverride('1')).toBe(true);
    expect(isDisableAllOverride('false')).toBe(false);
    expect(isDisableAllOverride(undefined)).toBe(false);
  });
});

describe('isEnabled (spec A4.12)', () => {
  it('looks flags up by their camelCase key; missing reads as off', () => {
    expect(isEnabled({ projectAuthAll: true }, 'project_auth:all')).toBe(true);
    expect(isEnabled({ projectAuthAll: false }, 'project_auth:all')).toBe(false);
    expect(isEnabled({}, 'project_auth:all')).toBe(false);
    expect(isEnabled({ storageV2: true }, 'storageV2')).toBe(true);
    expect(isEnabled({ 'project_auth:all': true }, 'project_auth:all')).toBe(false);
  });
});

describe('flagOverridesFromCookie (spec A4.12, C9)', () => {
  it('reads the JSON map of the override cookie, keyed like the flags', () => {
    const cookie = `theme=dark; strata-flag-overrides=${encodeURIComponent(JSON.stringify({ postgresVersionSelector: true, 'billing:all': false }))}; x=1`;
    expect(flagOverridesFromCookie(cookie)).toEqual({ postgresVersionSelector: true, billingAll: false });
  });

  it('ignores a missing or malformed cookie and non-boolean values', () => {
    expect(flagOverridesFromCookie('theme=dark')).toEqual({});
    expect(flagOverridesFromCookie('strata-flag-overrides={not json')).toEqual({});
    expect(flagOverridesFromCookie('strata-flag-overrides=%E0%A4%A')).toEqual({});
    expect(flagOverridesFromCookie(`strata-flag-overrides=${encodeURIComponent('[true]')}`)).toEqual({});
    expect(flagOverridesFromCookie(`strata-flag-overrides=${encodeURIComponent('{"a":"yes","b":true}')}`)).toEqual({ b: true });
  });

  it('never throws, whatever the cookie holds', () => {
    fc.assert(fc.property(fc.string(), (value) => void flagOverridesFromCookie(`strata-flag-overrides=${value}`)));
  });
});
