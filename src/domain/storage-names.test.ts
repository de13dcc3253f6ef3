import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autofixName, renameSelection, duplicateNameError, folderNameError, isDuplicateName, nameMessages, splitExtension, validateName } from './storage-names.ts';

const ALLOWED = "abcXYZ019_/!-.*'() &$@=;:+,?";

describe('storage names: characters (spec B5)', () => {
  it('accepts every allowed character, and names the first one refused', () => {
    expect(validateName(ALLOWED)).toBeNull();
    expect(validateName('photos/2024')).toBeNull();
    expect(validateName('a#b%c')).toBe('Folder name cannot contain the "#" character');
    expect(validateName('x\\y')).toBe('Folder name cannot contain the "\\" character');
    expect(validateName('café')).toBe('Folder name cannot contain the "é" character');
    expect(validateName('tab\there')).toBe('Folder name contains an invalid special character');
    expect(validateName('a/b', { allowSlash: false })).toBe('Folder name cannot contain the "/" character');
    expect(validateName('')).toBeNull();
  });

  it('property: a name made of allowed characters passes; adding a refused one fails naming it or the special message', () => {
    const allowed = fc.string({ unit: fc.constantFrom(...ALLOWED.split('')), minLength: 1 });
    const refused = fc.constantFrom('#', '%', '"', '<', '>', '|', '\\', '^', '`', '{', '}', '[', ']', '~', 'é', '\n', '😀');
    fc.assert(
      fc.property(allowed, refused, allowed, (a, bad, b) => {
        expect(validateName(a)).toBeNull();
        const message = validateName(a + bad + b);
        expect([nameMessages.invalidChar(bad), nameMessages.invalidSpecial]).toContain(message);
      }),
    );
  });
});

describe('storage names: duplicates and autofix (spec B5)', () => {
  const rows = [{ name: 'Photos', status: 'READY' }, { name: 'draft', status: 'EDITING' }, { name: 'a.txt' }];

  it('compares case-insensitively and ignores rows being edited', () => {
    expect(isDuplicateName('photos', rows)).toBe(true);
    expect(isDuplicateName('DRAFT', rows)).toBe(false);
    expect(duplicateNameError('PHOTOS', rows)).toBe('The name PHOTOS already exists in the current directory. Please use a different name.');
    expect(folderNameError('new#', rows)).toBe('Folder name cannot contain the "#" character');
    expect(folderNameError('fresh', rows)).toBeNull();
  });

  it("autofixes to '{base} ({n}).{ext}' with the first free n", () => {
    expect(autofixName('a.txt', ['b.txt'])).toBe('a.txt');
    expect(autofixName('a.txt', ['A.TXT'])).toBe('a (1).txt');
    expect(autofixName('a.txt', ['a.txt', 'a (1).txt', 'a (3).txt'])).toBe('a (2).txt');
    expect(autofixName('archive.tar.gz', ['archive.tar.gz'])).toBe('archive.tar (1).gz');
    expect(autofixName('README', ['readme'])).toBe('README (1)');
    expect(autofixName('.env', ['.env'])).toBe('.env (1)');
    expect(splitExtension('x.')).toEqual(['x.', null]);
  });

  it('property: the autofixed name is free, keeps the extension, and a free name is unchanged', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'B', '.', ' ', '1', '('), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 12 }), (wanted, existing) => {
        const fixed = autofixName(wanted, existing);
        expect(existing.map((n) => n.toLowerCase())).not.toContain(fixed.toLowerCase());
        if (!existing.some((n) => n.toLowerCase() === wanted.toLowerCase())) expect(fixed).toBe(wanted);
        else {
          const [base, ext] = splitExtension(wanted);
          expect(fixed).toMatch(new RegExp(`^${escape(base)} \\(\\d+\\)${ext === null ? '' : `\\.${escape(ext)}`}$`));
        }
      }),
    );
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('storage names: the part a rename selects (issue 14 item 6)', () => {
  it('selects a file name without its extension, like a file manager; a folder or a dotfile whole', () => {
    expect(renameSelection('report.final.pdf', false)).toEqual({ start: 0, end: 'report.final'.length });
    expect(renameSelection('a.txt', false)).toEqual({ start: 0, end: 1 });
    expect(renameSelection('.env', false)).toEqual({ start: 0, end: 4 });
    expect(renameSelection('README', false)).toEqual({ start: 0, end: 6 });
    expect(renameSelection('photos.2024', true)).toEqual({ start: 0, end: 11 });
    expect(renameSelection('', true)).toEqual({ start: 0, end: 0 });
  });

  it('the selection is a prefix of the name that leaves out at most the extension', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (name, isFolder) => {
        const { start, end } = renameSelection(name, isFolder);
        expect(start).toBe(0);
        const rest = name.slice(end);
        expect(rest === '' || (!isFolder && rest === `.${splitExtension(name)[1]}`)).toBe(true);
      }),
    );
  });
});
