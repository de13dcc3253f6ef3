import { createFileRoute, redirect } from '@tanstack/react-router';
import { settledSession } from '../actors/session-ready.ts';
import { fetchOrganizations } from '../api/platform.ts';
import { homeLinkTarget } from '../domain/navigation/layout.ts';
import { readLastVisitedOrg } from '../actors/last-visited.ts';

// /dashboard itself: go where the home link goes (spec A2.3), or to sign-in.
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const state = await settledSession(context.session);
    if (!state.signedIn) throw redirect({ to: '/sign-in' });
    const organizations = context.config.mode === 'platform' ? await fetchOrganizations().catch(() => []) : [];
    const href = homeLinkTarget({
      isPlatform: context.config.mode === 'platform',
      lastVisitedOrgSlug: readLastVisitedOrg(organizations.map((o) => o.slug)),
      currentOrgSlug: undefined,
      firstOrgSlug: organizations[0]?.slug,
    });
    throw redirect({ href: `/dashboard${href}` });
  },
});
