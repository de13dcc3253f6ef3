// Small validators for route search params (validateSearch). Search values arrive as strings from
// parseSearchString (spec A2.1); each route keeps only the keys it knows and drops invalid values.
type Raw = Record<string, unknown>;

export function str(raw: Raw, key: string): string | undefined {
  const value = raw[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function bool(raw: Raw, key: string): boolean | undefined {
  const value = raw[key];
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  return undefined;
}

export function oneOf<const T extends string>(raw: Raw, key: string, allowed: readonly T[]): T | undefined {
  const value = str(raw, key);
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Drops undefined entries so links and the address bar carry only what is set. */
export function compact<T extends Record<string, unknown>>(search: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
