import { describe, expect, it } from 'vitest';
import { adminFlagRows, filterFlagRows, flagNameProblem, flagValueLabel, noFlagsMatch } from './flags-admin.ts';

const defaultOn = (name: string) => name !== 'branding:large_logo';

describe('the admins flag page rules (issue 21)', () => {
  it('lists the known flags and any other stored key, by name, with what the source stores', () => {
    const rows = adminFlagRows(['projects:create', 'branding:large_logo'], { 'projects:create': false, 'zeta:extra': 'v2' }, defaultOn);
    expect(rows.map((r) => r.name)).toEqual(['branding:large_logo', 'projects:create', 'zeta:extra']);
    expect(rows.map(flagValueLabel)).toEqual(['Default (off)', 'Off', '"v2"']);
    expect(flagValueLabel({ name: 'x', value: true, defaultOn: false })).toBe('On');
    expect(flagValueLabel({ name: 'x', value: null, defaultOn: true })).toBe('null');
    expect(flagValueLabel({ name: 'x', value: undefined, defaultOn: true })).toBe('Default (on)');
  });

  it('searches names case-insensitively, and says when nothing matches', () => {
    const rows = adminFlagRows(['projects:create', 'organizations:create', 'billing:all'], {}, defaultOn);
    expect(filterFlagRows(rows, ' CREATE ').map((r) => r.name)).toEqual(['organizations:create', 'projects:create']);
    expect(filterFlagRows(rows, '')).toHaveLength(3);
    expect(filterFlagRows(rows, 'nothing')).toEqual([]);
    expect(noFlagsMatch(' nothing ')).toBe('No flags found that match "nothing"');
  });

  it('refuses the flag names the platform refuses', () => {
    expect(flagNameProblem('')).toBeUndefined();
    expect(flagNameProblem('projects:create')).toBeUndefined();
    expect(flagNameProblem('bad name')).toMatch(/only/);
    expect(flagNameProblem('x'.repeat(101))).toMatch(/only/);
  });
});
