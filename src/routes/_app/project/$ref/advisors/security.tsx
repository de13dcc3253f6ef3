import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AdvisorPage } from '../../../../../views/advisors/AdvisorPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.4 / A2.6 "Tools": the Security Advisor (issue 19).
export const Route = createFileRoute('/_app/project/$ref/advisors/security')({
  staticData: { title: "Security Advisor" },
  component: SecurityAdvisorRoute,
});

function SecurityAdvisorRoute() {
  const { project } = projectRoute.useLoaderData();
  return <AdvisorPage key={project.ref} project={project} kind="security" />;
}
