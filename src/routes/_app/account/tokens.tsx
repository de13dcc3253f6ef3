import { createFileRoute, useRouter } from '@tanstack/react-router';
import { fetchAccessTokens } from '../../../api/oauth.ts';
import { AccessTokensPage } from '../../../views/account-tokens/AccessTokensPage.tsx';

export const Route = createFileRoute('/_app/account/tokens')({
  staticData: { title: 'Access Tokens' },
  loader: async () => ({ tokens: await fetchAccessTokens() }),
  component: TokensRoute,
});

function TokensRoute() {
  const { tokens } = Route.useLoaderData();
  const router = useRouter();
  return <AccessTokensPage tokens={tokens} onChanged={() => void router.invalidate()} />;
}
