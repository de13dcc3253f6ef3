import { createFileRoute, getRouteApi, Navigate } from '@tanstack/react-router';
import { isEnabled } from '../../../../../domain/navigation/flags.ts';
import { LogExplorerPage } from '../../../../../views/logs/LogExplorerPage.tsx';
import { useFeatureFlags } from '../../../../../views/shared/useAppContext.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.2: /project/{ref}/logs when the unified-logs flag is on, otherwise /project/{ref}/logs/explorer (issue 19).
export const Route = createFileRoute('/_app/project/$ref/logs/')({
  staticData: { title: 'Logs' },
  component: LogsRoute,
});

function LogsRoute() {
  const { project } = projectRoute.useLoaderData();
  const flags = useFeatureFlags();
  if (!isEnabled(flags, 'unifiedLogs')) return <Navigate to="/project/$ref/logs/explorer" params={{ ref: project.ref }} replace />;
  return <LogExplorerPage key={project.ref} project={project} />;
}
