import { createFileRoute } from '@tanstack/react-router';
import { fetchInvitations, fetchMembers } from '../../../../api/team.ts';
import { ORGANIZATIONS_STALE_MS } from '../../../../domain/cache.ts';
import { TeamPage } from '../../../../views/team/TeamPage.tsx';
import { useSessionUser } from '../../../../views/shell/useSessionUser.ts';
import { RouteError } from '../../../../views/errors/RouteError.tsx';

// /org/{slug}/team (spec A2.2, A6): members and pending invitations are plain reads; changes invalidate them.
export const Route = createFileRoute('/_app/org/$slug/team')({
  staticData: { title: 'Team' },
  loader: async ({ params }) => {
    const [members, invitations] = await Promise.all([fetchMembers(params.slug), fetchInvitations(params.slug)]);
    return { members, invitations };
  },
  staleTime: ORGANIZATIONS_STALE_MS,
  component: TeamRoute,
  errorComponent: RouteError,
});

function TeamRoute() {
  const { slug } = Route.useParams();
  const { members, invitations } = Route.useLoaderData();
  const user = useSessionUser();
  return <TeamPage key={slug} slug={slug} members={members} invitations={invitations} currentUserId={user?.id} />;
}
