import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { loadAuthSettings } from '../../../../../actors/auth-settings.ts';
import { AUTH_SETTINGS_PAGES } from '../../../../../domain/auth-settings-pages.ts';
import { AuthSettingsForm } from '../../../../../views/auth-settings/AuthSettingsForm.tsx';
import { AuthSettingsLoading } from '../../../../../views/auth-settings/AuthSettingsLoading.tsx';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.7 "Configuration: sessions" (issue 18): a form over the project's auth settings (src/domain/auth-settings.ts).
export const Route = createFileRoute('/_app/project/$ref/auth/sessions')({
  staticData: { title: 'Sessions' },
  loader: ({ params }) => loadAuthSettings(params.ref),
  pendingComponent: AuthSettingsLoading,
  errorComponent: RouteError,
  component: SessionsRoute,
});

function SessionsRoute() {
  const { project } = projectRoute.useLoaderData();
  const settings = Route.useLoaderData();
  const router = useRouter();
  // Keyed by the stored settings: after a save the loader reads them again and the form starts from them.
  return <AuthSettingsForm key={JSON.stringify(settings)} project={project} page={AUTH_SETTINGS_PAGES['sessions']} settings={settings} onSaved={() => void router.invalidate()} />;
}
