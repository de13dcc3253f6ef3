import { createFileRoute } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { fetchAuthorization } from '../../api/oauth.ts';
import { compact, str } from '../../search-params.ts';
import { OAuthConsent } from '../../views/oauth-consent/OAuthConsent.tsx';

// spec A2.14: the OAuth consent screen. The platform's /oauth/authorize sends the browser here with auth_id; a
// signed-out user signs in first (the /_app route keeps the way back).
export const Route = createFileRoute('/_app/authorize')({
  staticData: { title: 'Authorize application' },
  validateSearch: (raw: Record<string, unknown>) => compact({ authId: str(raw, 'auth_id') ?? str(raw, 'authId') }),
  loaderDeps: ({ search }) => ({ authId: search.authId }),
  loader: async ({ deps }) => {
    if (!deps.authId) return { authorization: null, error: 'The link has no authorization request (auth_id)' };
    try {
      return { authorization: await fetchAuthorization(deps.authId), error: null };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return { authorization: null, error: error.message };
      throw error;
    }
  },
  // An authorization request is answered once: never show a cached one.
  staleTime: 0,
  gcTime: 0,
  component: AuthorizeRoute,
});

function AuthorizeRoute() {
  const { authorization, error } = Route.useLoaderData();
  return <OAuthConsent authorization={authorization} loadError={error} onRedirect={(url) => window.location.assign(url)} />;
}
