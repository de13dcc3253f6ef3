import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { loadApiSettings, loadSigningKeys } from '../../../../../../actors/api-keys.ts';
import { can } from '../../../../../../domain/permissions.ts';
import { SigningKeysPage } from '../../../../../../views/api-keys/SigningKeysPage.tsx';
import { RouteError } from '../../../../../../views/errors/RouteError.tsx';
import { useProjectRole } from '../../../../../../views/shared/useProjectRole.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/jwt/signing-keys (spec A2.2, A4.9, A5; issue 16): asymmetric signing keys and the JWKS URL.
export const Route = createFileRoute('/_app/project/$ref/settings/jwt/signing-keys')({
  staticData: { title: 'JWT Signing Keys' },
  loader: async ({ params }) => {
    const [{ keys }, settings] = await Promise.all([loadSigningKeys(params.ref), loadApiSettings(params.ref)]);
    return { keys, jwksUrl: settings.projectUrl ? `${settings.projectUrl}/auth/v1/.well-known/jwks.json` : null };
  },
  component: SigningKeysRoute,
  errorComponent: RouteError,
});

function SigningKeysRoute() {
  const { project } = projectRoute.useLoaderData();
  const data = Route.useLoaderData();
  const canManage = can(useProjectRole(project), 'UPDATE', 'service_api_keys');
  return <SigningKeysPage key={project.ref} projectRef={project.ref} {...data} canManage={canManage} />;
}
