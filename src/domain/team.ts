// Team rules (spec A6 roles; the team page of /org/{slug}/team): role names, who may manage members, and the
// checks the invite form makes before anything is sent. Pure: shared by the machine, the views and the server.
import { MEMBER_ROLES, type MemberRole } from './shared-constants.ts';

export { MEMBER_ROLES, type MemberRole };

/** How each role reads in the console, most to least privileged. spec A6 */
export const ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  owner: 'Owner',
  administrator: 'Administrator',
  developer: 'Developer',
  read_only: 'Read-only',
};

/** The role a new invitation starts with: the least surprising one that can still work on projects. */
export const DEFAULT_INVITE_ROLE: MemberRole = 'developer';

export const TEAM_MESSAGES = {
  emailRequired: 'Enter an email address',
  emailInvalid: 'Enter a valid email address',
  roleInvalid: 'Choose a role',
  alreadyMember: 'This person is already a member of the organization',
  cannotInvite: 'You need additional permissions to invite members',
  lastOwner: 'An organization must keep at least one owner',
} as const;

/** Administrators and owners manage the team (invite, change roles, remove). spec A6 */
export function canManageMembers(role: MemberRole | undefined | null): boolean {
  return role === 'owner' || role === 'administrator';
}

/** Only an owner may hand out (or take away) the owner role. */
export function assignableRoles(role: MemberRole | undefined | null): MemberRole[] {
  if (role === 'owner') return [...MEMBER_ROLES];
  if (role === 'administrator') return MEMBER_ROLES.filter((r) => r !== 'owner');
  return [];
}

// Same shape GoTrue accepts: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail as stored and compared: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface InviteDraft {
  email: string;
  role: string;
}

export interface InviteErrors {
  email?: string;
  role?: string;
}

/** Field errors of the invite form; an empty object means it may be sent. */
export function validateInvite(draft: InviteDraft, existingEmails: readonly string[] = []): InviteErrors {
  const errors: InviteErrors = {};
  const email = normalizeEmail(draft.email);
  if (email === '') errors.email = TEAM_MESSAGES.emailRequired;
  else if (email.length > 255 || !EMAIL_PATTERN.test(email)) errors.email = TEAM_MESSAGES.emailInvalid;
  else if (existingEmails.some((e) => normalizeEmail(e) === email)) errors.email = TEAM_MESSAGES.alreadyMember;
  if (!(MEMBER_ROLES as readonly string[]).includes(draft.role)) errors.role = TEAM_MESSAGES.roleInvalid;
  return errors;
}

export const hasInviteErrors = (errors: InviteErrors): boolean => Boolean(errors.email || errors.role);
