// Folder and file name rules of the storage explorer (spec B5): allowed characters, case-insensitive duplicates
// and the '{base} ({n}).{ext}' autofix used for uploads.

/** spec B5: letters, digits, underscore, and / ! - . * ' ( ) space & $ @ = ; : + , ? */
const ALLOWED_WITH_SLASH = /^[A-Za-z0-9_/!\-.*'() &$@=;:+,?]+$/;
/** spec B5: the same pattern without '/', for a single name. */
const ALLOWED_WITHOUT_SLASH = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/;
const ALLOWED_CHAR_WITH_SLASH = /^[A-Za-z0-9_/!\-.*'() &$@=;:+,?]$/;
const ALLOWED_CHAR_WITHOUT_SLASH = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]$/;

export const nameMessages = {
  invalidChar: (char: string) => `Folder name cannot contain the "${char}" character`,
  invalidSpecial: 'Folder name contains an invalid special character',
  duplicate: (name: string) => `The name ${name} already exists in the current directory. Please use a different name.`,
};

/** A character is named in the message only when it prints as itself (not a control, space-like or lone surrogate). */
const printable = (char: string): boolean => /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char);

/**
 * spec B5: null when the name only holds allowed characters, else the message naming the first one that is not.
 * `allowSlash` (default true) accepts '/' for nested folder paths; file names use the pattern without it.
 */
export function validateName(name: string, { allowSlash = true }: { allowSlash?: boolean } = {}): string | null {
  const whole = allowSlash ? ALLOWED_WITH_SLASH : ALLOWED_WITHOUT_SLASH;
  if (name === '' || whole.test(name)) return null;
  const one = allowSlash ? ALLOWED_CHAR_WITH_SLASH : ALLOWED_CHAR_WITHOUT_SLASH;
  for (const char of name) {
    if (!one.test(char)) return printable(char) ? nameMessages.invalidChar(char) : nameMessages.invalidSpecial;
  }
  return nameMessages.invalidSpecial;
}

export interface NamedRow {
  name: string;
  status?: string;
}

/** spec B5: names compare case-insensitively, ignoring rows being edited (the row being named itself). */
export function isDuplicateName(name: string, rows: readonly NamedRow[]): boolean {
  const wanted = name.toLowerCase();
  return rows.some((row) => row.status !== 'EDITING' && row.name.toLowerCase() === wanted);
}

/** The duplicate message, or null (spec B5 "without autofix"). */
export function duplicateNameError(name: string, rows: readonly NamedRow[]): string | null {
  return isDuplicateName(name, rows) ? nameMessages.duplicate(name) : null;
}

/** Splits 'photo.final.png' into ['photo.final', 'png']; a leading dot ('.env') or no dot means no extension. */
export function splitExtension(name: string): [string, string | null] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, null];
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/**
 * spec B5 with autofix: a name already taken (case-insensitively) becomes '{base} ({n}).{ext}' with the smallest
 * n ≥ 1 that is free; a free name is kept.
 */
export function autofixName(name: string, existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  const [base, ext] = splitExtension(name);
  for (let n = 1; ; n++) {
    const candidate = ext === null ? `${base} (${n})` : `${base} (${n}).${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The check run when a new folder or a rename is submitted: characters first, then duplicates. */
export function folderNameError(name: string, siblings: readonly NamedRow[]): string | null {
  return validateName(name) ?? duplicateNameError(name, siblings);
}

/**
 * What a rename selects in the name field (issue 14 item 6): a file's name without its extension, as file managers
 * do, so typing replaces the name and keeps the type; a folder's (or an extensionless file's) whole name.
 */
export function renameSelection(name: string, isFolder: boolean): { start: number; end: number } {
  if (isFolder) return { start: 0, end: name.length };
  const [stem, extension] = splitExtension(name);
  return { start: 0, end: extension === null ? name.length : stem.length };
}
