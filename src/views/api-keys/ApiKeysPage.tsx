// /project/{ref}/settings/api-keys (spec A2.2 'API Keys', A2.13, A4.9; issue 16): publishable and secret keys next to
// the legacy anon / service_role keys; a secret key is revealed and copied through its own actor, and revoked behind
// a confirmation. New keys are made on /api-keys/new.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { revokeApiKeyTask } from '../../actors/api-keys.ts';
import type { ApiKeyEntry } from '../../domain/api-keys.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './ApiKeys.css.ts';
import { JwtStatusNotice } from './JwtStatusNotice.tsx';
import { LegacyApiKeys } from './LegacyApiKeys.tsx';
import { SecretKeyValue } from './SecretKeyValue.tsx';
import { useJwtSecretUpdate } from './useJwtSecretUpdate.ts';

export interface ApiKeysPageProps {
  projectRef: string;
  keys: ApiKeyEntry[];
  canReadSecrets: boolean;
}

export function ApiKeysPage({ projectRef, keys, canReadSecrets }: ApiKeysPageProps) {
  const navigate = useNavigate();
  const jwt = useJwtSecretUpdate(projectRef);
  const router = useRouter();
  const [revoking, setRevoking] = useState<ApiKeyEntry | null>(null);
  const revoke = useTask(revokeApiKeyTask, {
    onDone: (key) => {
      toast.success(`Revoked API key ${key.name}`);
      setRevoking(null);
      void router.invalidate();
    },
  });
  const publishable = keys.filter((key) => key.type === 'publishable');
  const secret = keys.filter((key) => key.type === 'secret');
  const anon = keys.find((key) => key.type === 'legacy' && key.name === 'anon');
  return (
    <div className={css.content}>
      <div className={css.head}>
        <h1 className={css.title}>API Keys</h1>
        {canReadSecrets && (
          <Button variant="primary" onPress={() => void navigate({ to: '/project/$ref/settings/api-keys/new', params: { ref: projectRef } })}>
            New API key
          </Button>
        )}
      </div>
      <JwtStatusNotice updating={jwt.updating} progress={jwt.progress} error={jwt.error} />
      <section className={css.section} aria-labelledby="keys-publishable">
        <h2 className={css.subtitle} id="keys-publishable">
          Publishable keys
        </h2>
        <p className={css.text}>Safe to use in a browser when row level security is on: they act as the anon role.</p>
        <KeyTable label="Publishable keys" rows={publishable} empty="No publishable keys yet." onRevoke={canReadSecrets ? setRevoking : null}>
          {(key) => (
            <div className={css.valueRow}>
              <code className={css.value} aria-label={`${key.name} value`}>
                {key.api_key}
              </code>
              {key.api_key && <CopyButton text={key.api_key} size="tiny" variant="default" aria-label={`Copy ${key.name}`} isDisabled={jwt.updating} />}
            </div>
          )}
        </KeyTable>
      </section>
      <section className={css.section} aria-labelledby="keys-secret">
        <h2 className={css.subtitle} id="keys-secret">
          Secret keys
        </h2>
        <p className={css.text}>Only for servers: they act as the service_role and bypass row level security. Never expose them in a browser.</p>
        <KeyTable label="Secret keys" rows={secret} empty="No secret keys yet." onRevoke={canReadSecrets ? setRevoking : null}>
          {(key) => (
            <SecretKeyValue
              projectRef={projectRef}
              keyId={key.id}
              masked={key.api_key}
              permitted={canReadSecrets}
              jwtUpdating={jwt.updating}
              label={key.name}
            />
          )}
        </KeyTable>
      </section>
      <LegacyApiKeys projectRef={projectRef} anonKey={anon?.api_key ?? null} canReadSecrets={canReadSecrets} jwtUpdating={jwt.updating} />
      <Modal isOpen={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)} size="small">
        <Dialog
          title={`Revoke API key ${revoking?.name ?? ''}`}
          description="Requests with this key are refused from now on. This cannot be undone."
          footer={({ close }) => (
            <>
              {revoke.error && (
                <p className={css.warning} role="alert">
                  {revoke.error}
                </p>
              )}
              <Button variant="default" onPress={close} isDisabled={revoke.running}>
                Cancel
              </Button>
              <Button variant="danger" isPending={revoke.running} onPress={() => revoking && revoke.run({ ref: projectRef, id: revoking.id })}>
                Revoke key
              </Button>
            </>
          )}
        />
      </Modal>
    </div>
  );
}

function KeyTable({
  label,
  rows,
  empty,
  onRevoke,
  children,
}: {
  label: string;
  rows: ApiKeyEntry[];
  empty: string;
  onRevoke: ((key: ApiKeyEntry) => void) | null;
  children: (key: ApiKeyEntry) => ReactNode;
}) {
  if (rows.length === 0) return <p className={css.text}>{empty}</p>;
  return (
    <table className={css.table} aria-label={label}>
      <thead>
        <tr>
          <th className={css.cell} scope="col">Name</th>
          <th className={css.cell} scope="col">API key</th>
          <th className={css.cell} scope="col">
            <span className={visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((key) => (
          <tr key={key.id}>
            <td className={css.cell}>
              <div className={css.label}>
                {key.name} <Badge variant={key.type === 'secret' ? 'warning' : 'outline'}>{key.type}</Badge>
              </div>
              {key.description && <p className={css.text}>{key.description}</p>}
            </td>
            <td className={css.cell}>{children(key)}</td>
            <td className={css.cell}>
              {onRevoke && (
                <div className={css.actions}>
                  <Button size="tiny" variant="danger" onPress={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
