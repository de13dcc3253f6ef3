// The Authentication settings pages (src/domain/auth-settings-pages.ts) and the platform's config/auth schema
// (settings.ts) are one contract (issue 15: shapes shared, not kept twice and left to drift; issue 18): every field the
// console shows is a setting the platform stores, of the type the field edits, with defaults of that type, and a number
// field's own bounds are values the platform accepts.
import { describe, expect, it } from 'vitest';
import { AUTH_SETTINGS_PAGES } from '../../src/domain/auth-settings-pages.ts';
import { fieldsOf } from '../../src/domain/auth-settings.ts';
import { authConfigBody, DEFAULT_AUTH_CONFIG } from './settings.ts';

const fields = Object.entries(AUTH_SETTINGS_PAGES).flatMap(([page, definition]) => fieldsOf(definition).map((field) => ({ page, field })));
const typeOfKind = { switch: 'boolean', number: 'number', url: 'string', urlList: 'string', text: 'string' } as const;

describe('auth settings: console pages ↔ platform schema', () => {
  it('every field of every page is a stored setting, with a default of the type its field edits', () => {
    expect(fields.length).toBeGreaterThan(20);
    for (const { page, field } of fields) {
      expect(Object.keys(authConfigBody.shape), `${page}: ${field.key}`).toContain(field.key);
      const stored = (DEFAULT_AUTH_CONFIG as Record<string, unknown>)[field.key];
      expect(typeof stored, `${page}: default of ${field.key}`).toBe(typeOfKind[field.kind]);
    }
  });

  it('a number field’s bounds, stored in the platform’s unit, are accepted by the platform', () => {
    for (const { page, field } of fields) {
      if (field.kind !== 'number') continue;
      for (const shown of [field.min, field.max]) {
        const result = authConfigBody.safeParse({ [field.key]: shown * (field.scale ?? 1) });
        expect(result.success, `${page}: ${field.key} = ${shown} ${field.unit}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      }
    }
  });

  it('the platform refuses a key no page knows (the schema is strict)', () => {
    expect(authConfigBody.safeParse({ not_a_setting: true }).success).toBe(false);
  });
});
