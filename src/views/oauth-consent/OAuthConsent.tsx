import type { OAuthAuthorization } from '../../api/oauth.ts';
import { consentDecisionTask } from '../../actors/oauth-consent.ts';
import { Button } from '../../ui/Button.tsx';
import { useTask } from '../shared/useTask.ts';
import * as css from './OAuthConsent.css.ts';

export interface OAuthConsentProps {
  authorization: OAuthAuthorization | null;
  /** Why the request cannot be shown (unknown, expired or already answered). */
  loadError: string | null;
  /** Follows the redirect URL the platform returned (the client's registered redirect URI). */
  onRedirect: (url: string) => void;
}

/** spec A2.14: the OAuth consent screen — authorization details, approve or deny, then the returned redirect URL. */
export function OAuthConsent({ authorization, loadError, onRedirect }: OAuthConsentProps) {
  const decision = useTask(consentDecisionTask, { onDone: (reply) => onRedirect(reply.redirect_url) });
  if (!authorization) {
    return (
      <section className={css.page}>
        <h1 className={css.title}>Authorize application</h1>
        <p role="alert" className={css.alert}>
          {loadError ?? 'This authorization request does not exist, has expired or was already answered'}
        </p>
        <p className={css.muted}>Start again from the application that sent you here.</p>
      </section>
    );
  }
  const name = authorization.client.client_name || 'An unnamed application';
  const pending = decision.running || decision.output !== null;
  return (
    <section className={css.page} aria-labelledby="consent-title">
      <h1 id="consent-title" className={css.title}>
        Authorize {name}
      </h1>
      <div className={css.panel}>
        <p className={css.muted}>
          {name} is asking to act as {authorization.user.email ?? 'you'} on this platform's MCP server.
        </p>
        <ul className={css.list} aria-label="What it will be able to do">
          <li>See your organizations and projects</li>
          <li>Read and change the data of projects you are a member of, with your role's rights</li>
          <li>Read project settings, API URLs and publishable keys</li>
        </ul>
        <dl className={css.details} aria-label="Authorization details">
          <dt className={css.term}>Application</dt>
          <dd className={css.value}>{name}</dd>
          {authorization.client.client_uri ? (
            <>
              <dt className={css.term}>Website</dt>
              <dd className={css.value}>{authorization.client.client_uri}</dd>
            </>
          ) : null}
          <dt className={css.term}>Client ID</dt>
          <dd className={css.value}>{authorization.client.client_id}</dd>
          <dt className={css.term}>Redirects to</dt>
          <dd className={css.value}>{authorization.redirect_uri}</dd>
          <dt className={css.term}>Resource</dt>
          <dd className={css.value}>{authorization.resource}</dd>
          {authorization.scope ? (
            <>
              <dt className={css.term}>Scope</dt>
              <dd className={css.value}>{authorization.scope}</dd>
            </>
          ) : null}
        </dl>
        {decision.error ? (
          <p role="alert" className={css.alert}>
            {decision.error}
          </p>
        ) : null}
        <div className={css.actions}>
          <Button isDisabled={pending} onPress={() => decision.run({ id: authorization.authorization_id, action: 'deny' })}>
            Deny
          </Button>
          <Button variant="primary" isPending={pending} onPress={() => decision.run({ id: authorization.authorization_id, action: 'approve' })}>
            Approve
          </Button>
        </div>
      </div>
    </section>
  );
}
