import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AuthPoliciesPage } from '../../../../../views/auth-policies/AuthPoliciesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.7 "Configuration: policies" (issue 18): every table with its RLS state and its policies.
export const Route = createFileRoute('/_app/project/$ref/auth/policies')({
  staticData: { title: "Policies" },
  component: PoliciesRoute,
});

function PoliciesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <AuthPoliciesPage key={project.ref} project={project} />;
}
