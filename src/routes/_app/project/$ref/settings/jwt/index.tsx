import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { loadApiKeys } from '../../../../../../actors/api-keys.ts';
import { can } from '../../../../../../domain/permissions.ts';
import { JwtSettingsPage } from '../../../../../../views/api-keys/JwtSettingsPage.tsx';
import { RouteError } from '../../../../../../views/errors/RouteError.tsx';
import { useProjectRole } from '../../../../../../views/shared/useProjectRole.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/jwt (spec A2.2, A2.13, A4.9; issue 16): the legacy JWT secret and its rotation.
export const Route = createFileRoute('/_app/project/$ref/settings/jwt/')({
  staticData: { title: 'JWT Keys' },
  loader: ({ params }) => loadApiKeys(params.ref),
  component: JwtRoute,
  errorComponent: RouteError,
});

function JwtRoute() {
  const { project } = projectRoute.useLoaderData();
  const { keys, canReadSecrets } = Route.useLoaderData();
  const canRotate = can(useProjectRole(project), 'UPDATE', 'service_api_keys');
  const anon = keys.find((key) => key.name === 'anon')?.api_key ?? null;
  return <JwtSettingsPage key={`${project.ref}:${anon}`} projectRef={project.ref} anonKey={anon} canReadSecrets={canReadSecrets} canRotate={canRotate} />;
}
