import { api } from './client.ts';
import type { MemberRole } from './schemas/platformFields.ts';
import type { InviteMemberBody } from './schemas/team.ts';
import type { Organization, PlanId } from './types.ts';
import type { Invitation, Member, UsageItem } from './contracts.ts';

// Team, usage and plan endpoints of an organization (spec A6, A7). Paths are relative to `${origin}/api`.

// The response shapes are the platform's own (src/api/contracts.ts, typed on both sides).
export type { Invitation, Member, UsageItem } from './contracts.ts';

const org = (slug: string) => `platform/organizations/${encodeURIComponent(slug)}`;

export const fetchMembers = (slug: string) => api.get(`${org(slug)}/members`).json<Member[]>();

export const fetchInvitations = (slug: string) => api.get(`${org(slug)}/members/invitations`).json<Invitation[]>();

export const inviteMember = (slug: string, body: InviteMemberBody) =>
  api.post(`${org(slug)}/members/invitations`, { json: body }).json<Invitation>();

export const revokeInvitation = (slug: string, id: number) =>
  api.delete(`${org(slug)}/members/invitations/${id}`).json<Invitation>();

export const updateMemberRole = (slug: string, profileId: string, role: MemberRole) =>
  api.patch(`${org(slug)}/members/${encodeURIComponent(profileId)}`, { json: { role } }).json<unknown>();

export const removeMember = (slug: string, profileId: string) =>
  api.delete(`${org(slug)}/members/${encodeURIComponent(profileId)}`).json<unknown>();

/** spec A7: GET /platform/organizations/{slug}/usage — query project_ref (start, end default to this month). */
export const fetchOrganizationUsage = (slug: string, projectRef?: string) =>
  api
    .get(`${org(slug)}/usage`, { searchParams: projectRef ? { project_ref: projectRef } : {} })
    .json<{ usages: UsageItem[] }>();

export const updateOrganizationPlan = (slug: string, plan: PlanId) =>
  api.patch(org(slug), { json: { plan } }).json<Organization>();
