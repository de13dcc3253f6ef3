import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AuthAuditLogsPage } from '../../../../../views/auth-settings/AuthAuditLogsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.7 "audit-logs (BETA)" (issue 18): the project's auth audit log, searchable and paged.
export const Route = createFileRoute('/_app/project/$ref/auth/audit-logs')({
  staticData: { title: 'Audit Logs' },
  component: AuditLogsRoute,
});

function AuditLogsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <AuthAuditLogsPage key={project.ref} project={project} />;
}
