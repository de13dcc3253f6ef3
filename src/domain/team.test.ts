import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, assignableRoles, canManageMembers, hasInviteErrors, normalizeEmail, validateInvite } from './team.ts';

describe('team rules', () => {
  it('administrators and owners manage the team; only owners hand out the owner role', () => {
    expect(canManageMembers('owner')).toBe(true);
    expect(canManageMembers('administrator')).toBe(true);
    expect(canManageMembers('developer')).toBe(false);
    expect(canManageMembers(undefined)).toBe(false);
    expect(assignableRoles('owner')).toEqual(['owner', 'administrator', 'developer', 'read_only']);
    expect(assignableRoles('administrator')).toEqual(['administrator', 'developer', 'read_only']);
    expect(assignableRoles('read_only')).toEqual([]);
  });

  it('validates the invite form with clear messages', () => {
    expect(validateInvite({ email: '', role: 'developer' })).toEqual({ email: TEAM_MESSAGES.emailRequired });
    expect(validateInvite({ email: 'nope', role: 'developer' })).toEqual({ email: TEAM_MESSAGES.emailInvalid });
    expect(validateInvite({ email: 'a@b.co', role: 'king' })).toEqual({ role: TEAM_MESSAGES.roleInvalid });
    expect(validateInvite({ email: ' A@B.co ', role: 'developer' }, ['a@b.co'])).toEqual({ email: TEAM_MESSAGES.alreadyMember });
    expect(validateInvite({ email: ' Dev@Example.com ', role: 'read_only' })).toEqual({});
    expect(normalizeEmail(' Dev@Example.COM ')).toBe('dev@example.com');
  });

  it('any text without an @ is refused', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('@')), (email) => {
        expect(hasInviteErrors(validateInvite({ email, role: 'developer' }))).toBe(true);
      }),
    );
  });
});
