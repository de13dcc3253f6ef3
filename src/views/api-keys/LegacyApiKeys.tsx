// The project URL and the legacy anon / service_role keys (spec A2.13, A4.9, A6): the anon key 'public' is never
// masked; the service_role key 'secret' is revealed and copied through its own actor; 'Last request was {x} ago.'.
import { API_KEYS_TEXT, keysLastUsedText } from '../../domain/project-screens.ts';
import { Badge } from '../../ui/Badge.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import * as css from './ApiKeys.css.ts';
import { SecretKeyValue } from './SecretKeyValue.tsx';

export interface LegacyApiKeysProps {
  projectRef: string;
  /** Left out where the page shows no URL (the API keys page). */
  projectUrl?: string | null;
  anonKey: string | null;
  canReadSecrets: boolean;
  jwtUpdating: boolean;
  /** spec A2.13; undefined when it could not be read. Not shown when absent from the page. */
  lastUsedAt?: string | null | undefined;
  showLastUsed?: boolean;
}

export function LegacyApiKeys({ projectRef, projectUrl, anonKey, canReadSecrets, jwtUpdating, lastUsedAt, showLastUsed = false }: LegacyApiKeysProps) {
  return (
    <>
      {projectUrl !== undefined && (
        <section className={css.section} aria-labelledby="keys-project-url">
          <h2 className={css.subtitle} id="keys-project-url">
            Project URL
          </h2>
          <p className={css.text}>A RESTful endpoint for querying and managing your database.</p>
          <div className={css.valueRow}>
            <code className={css.value} aria-label="URL value">
              {projectUrl ?? API_KEYS_TEXT.hiddenValue}
            </code>
            {projectUrl !== null && <CopyButton text={projectUrl} size="tiny" variant="default" aria-label="Copy URL" />}
          </div>
        </section>
      )}
      <section className={css.section} aria-labelledby="keys-legacy">
        <h2 className={css.subtitle} id="keys-legacy">
          Project API keys
        </h2>
        {(!canReadSecrets || anonKey === null) && <p className={css.text}>{API_KEYS_TEXT.noPermission}</p>}
        <div className={css.field}>
          <span className={css.label}>
            anon <Badge variant="outline">public</Badge>
          </span>
          <div className={css.valueRow}>
            <code className={css.value} aria-label="anon value">
              {anonKey ?? API_KEYS_TEXT.hiddenValue}
            </code>
            {anonKey !== null && <CopyButton text={anonKey} size="tiny" variant="default" aria-label="Copy anon" isDisabled={jwtUpdating} />}
          </div>
        </div>
        <div className={css.field}>
          <span className={css.label}>
            service_role <Badge variant="warning">secret</Badge>
          </span>
          <SecretKeyValue
            projectRef={projectRef}
            keyId="service_role"
            masked={null}
            permitted={canReadSecrets}
            jwtUpdating={jwtUpdating}
            label="service_role"
          />
        </div>
        {showLastUsed && (
          <p className={css.text} data-testid="keys-last-used">
            {lastUsedAt === undefined ? API_KEYS_TEXT.lastUsedFailed : keysLastUsedText(lastUsedAt)}
          </p>
        )}
      </section>
    </>
  );
}
