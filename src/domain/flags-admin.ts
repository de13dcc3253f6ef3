// The platform admins' flag page (/account/flags, issue 21; spec A4.12): which flags there are, what each source
// stores for them, and the search over them. Pure rules; the page and its calls live elsewhere.
import type { FlagValue } from './signals.ts';

/** A remote or local flag's key (spec A4.12): what the flag service stores (src/api/schemas/telemetry.ts) and this page accepts. */
export const FLAG_KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,100}$/;

export type FlagSource = 'remote' | 'analytics';

export const FLAG_SOURCES: readonly { id: FlagSource; label: string }[] = [
  { id: 'remote', label: 'Remote flags' },
  { id: 'analytics', label: 'Analytics flags' },
];

export interface AdminFlagRow {
  name: string;
  /** What the source stores; undefined when it stores nothing (the console's default applies). */
  value: FlagValue | undefined;
  /** The console's default (spec A4.12: all on but branding:large_logo). */
  defaultOn: boolean;
}

/** Every known flag, then any other key the source stores, by name. */
export function adminFlagRows(known: readonly string[], stored: Readonly<Record<string, FlagValue>>, defaultOn: (name: string) => boolean): AdminFlagRow[] {
  const names = [...new Set([...known, ...Object.keys(stored)])].sort((a, b) => a.localeCompare(b));
  return names.map((name) => ({ name, value: Object.hasOwn(stored, name) ? stored[name] : undefined, defaultOn: defaultOn(name) }));
}

export function filterFlagRows(rows: readonly AdminFlagRow[], search: string): AdminFlagRow[] {
  const needle = search.trim().toLowerCase();
  return needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : [...rows];
}

/** How a stored value reads in the table. */
export function flagValueLabel(row: AdminFlagRow): string {
  if (row.value === undefined) return `Default (${row.defaultOn ? 'on' : 'off'})`;
  if (row.value === true) return 'On';
  if (row.value === false) return 'Off';
  if (row.value === null) return 'null';
  return JSON.stringify(row.value);
}

export const noFlagsMatch = (search: string) => `No flags found that match "${search.trim()}"`;

/** Why a typed flag name would be refused by the platform (the same pattern its route checks); undefined when fine. */
export function flagNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  return trimmed !== '' && !FLAG_KEY_PATTERN.test(trimmed) ? 'Letters, digits and _ : . - only (at most 100)' : undefined;
}
