import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isApiPath, kebabToCamel, parseSearchString, stringifySearch, toPlatformApiBase } from './search.ts';

const camelKey = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/);
const value = fc.string({ minLength: 1, maxLength: 20 });

describe('parseSearchString (spec A2.1)', () => {
  it('reads kebab-case keys as camelCase', () => {
    expect(parseSearchString('?a-b=1')).toEqual({ aB: '1' });
    expect(parseSearchString('?bucket-id=avatars&project-ref=abc')).toEqual({ bucketId: 'avatars', projectRef: 'abc' });
    expect(parseSearchString('?tracking-id=t1')).toEqual({ trackingId: 't1' });
  });

  it('uses only the first of several values of a key', () => {
    expect(parseSearchString('?panel=ipv4&panel=pitr')).toEqual({ panel: 'ipv4' });
    expect(parseSearchString('?a-b=1&aB=2')).toEqual({ aB: '1' });
  });

  it('accepts the query with or without "?" and decodes values', () => {
    expect(parseSearchString('category=wrapper')).toEqual({ category: 'wrapper' });
    expect(parseSearchString('?q=hello%20world&r=a+b')).toEqual({ q: 'hello world', r: 'a b' });
    expect(parseSearchString('')).toEqual({});
    expect(parseSearchString('?')).toEqual({});
  });

  it('keeps empty values', () => {
    expect(parseSearchString('?a=')).toEqual({ a: '' });
  });

  it('property: the first value of every key wins', () => {
    fc.assert(
      fc.property(camelKey, fc.array(value, { minLength: 1, maxLength: 5 }), (key, values) => {
        const query = values.map((v) => `${key}=${encodeURIComponent(v)}`).join('&');
        expect(parseSearchString(`?${query}`)[key]).toBe(values[0]);
      }),
    );
  });

  it('property: kebab words read as camelCase', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { minLength: 1, maxLength: 4 }), (words) => {
        const kebab = words.join('-');
        const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
        expect(kebabToCamel(kebab)).toBe(camel);
        expect(Object.keys(parseSearchString(`?${kebab}=x`))).toEqual([camel]);
      }),
    );
  });
});

describe('stringifySearch (spec A2.1)', () => {
  it('writes camelCase keys as given and omits empty values', () => {
    expect(stringifySearch({ projectRef: 'abc', panel: 'pitr' })).toBe('?projectRef=abc&panel=pitr');
    expect(stringifySearch({ a: undefined, b: null, c: '', d: 0, e: false })).toBe('?d=0&e=false');
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ a: undefined })).toBe('');
  });

  it('encodes values and writes objects as JSON', () => {
    expect(stringifySearch({ q: 'a b&c' })).toBe('?q=a+b%26c');
    expect(parseSearchString(stringifySearch({ filter: { a: 1 } }))).toEqual({ filter: '{"a":1}' });
  });

  it('property: parse(stringify(x)) is x for camelCase keys and non-empty strings', () => {
    fc.assert(
      fc.property(fc.dictionary(camelKey, value, { maxKeys: 6 }), (record) => {
        expect(parseSearchString(stringifySearch(record))).toEqual({ ...record });
      }),
    );
  });
});

describe('toPlatformApiBase (spec A2.1)', () => {
  it('appends /platform unless already there', () => {
    expect(toPlatformApiBase('http://127.0.0.1:8000/api')).toBe('http://127.0.0.1:8000/api/platform');
    expect(toPlatformApiBase('http://127.0.0.1:8000/api/platform')).toBe('http://127.0.0.1:8000/api/platform');
    expect(toPlatformApiBase('http://x/api/')).toBe('http://x/api/platform');
    expect(toPlatformApiBase('http://x/api/platform/')).toBe('http://x/api/platform');
    expect(toPlatformApiBase('/api')).toBe('/api/platform');
  });

  it('property: idempotent and always ends with /platform', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http://127.0.0.1:8000', 'https://api.example.com', ''),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (origin, segments, platform, slash) => {
        const url = `${origin}/${[...segments, ...(platform ? ['platform'] : [])].join('/')}${slash ? '/' : ''}`;
        const once = toPlatformApiBase(url);
        expect(once.endsWith('/platform')).toBe(true);
        expect(toPlatformApiBase(once)).toBe(once);
        expect(once).toBe(`${origin}/${[...segments, 'platform'].join('/')}`.replace(/^\/\//, '/'));
      }),
    );
  });
});

describe('isApiPath (spec A2.1)', () => {
  it('recognises /api routes with and without the base path', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/get-ip-address')).toBe(true);
    expect(isApiPath('/dashboard/api/check-cname')).toBe(true);
    expect(isApiPath('/api?x=1')).toBe(true);
  });

  it('rejects pages', () => {
    expect(isApiPath('/project/abc/api')).toBe(false);
    expect(isApiPath('/project/abc/settings/api-keys')).toBe(false);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('/dashboard')).toBe(false);
    expect(isApiPath('/')).toBe(false);
  });
});
