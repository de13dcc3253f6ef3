// /project/{ref}/settings/jwt/signing-keys (spec A2.2, A4.9, A5 'signatures verified with RS256 or ES256 keys';
// issue 16): the project's asymmetric signing keys — create a standby key, rotate it in (the current one becomes
// previously used), revoke a previously used key, delete a standby or revoked one — and the JWKS URL they are
// published at.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { createSigningKeyTask, deleteSigningKeyTask, setSigningKeyStatusTask } from '../../actors/api-keys.ts';
import { SIGNING_KEY_STATUS_LABEL, type SigningKeyEntry, type SigningKeyStatus } from '../../domain/api-keys.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './ApiKeys.css.ts';

export interface SigningKeysPageProps {
  projectRef: string;
  keys: SigningKeyEntry[];
  jwksUrl: string | null;
  canManage: boolean;
}

type Change = { key: SigningKeyEntry; status: SigningKeyStatus | 'deleted' };

const CHANGE_TEXT: Record<SigningKeyStatus | 'deleted', { title: string; description: string; button: string }> = {
  in_use: {
    title: 'Rotate signing keys',
    description: 'New tokens are signed with this key. The current key becomes previously used: tokens it signed keep verifying until it is revoked.',
    button: 'Rotate keys',
  },
  revoked: { title: 'Revoke signing key', description: 'Tokens signed with this key stop verifying at once, and it leaves the JWKS.', button: 'Revoke key' },
  standby: { title: 'Move to standby', description: 'The key becomes a standby key again.', button: 'Move to standby' },
  previously_used: { title: '', description: '', button: '' },
  deleted: { title: 'Delete signing key', description: 'The key is removed for good.', button: 'Delete key' },
};

export function SigningKeysPage({ projectRef, keys, jwksUrl, canManage }: SigningKeysPageProps) {
  const router = useRouter();
  const [change, setChange] = useState<Change | null>(null);
  const reload = () => void router.invalidate();
  const create = useTask(createSigningKeyTask, {
    onDone: () => {
      toast.success('Created a standby key');
      reload();
    },
  });
  const finish = { onDone: () => (setChange(null), reload()) };
  const setStatus = useTask(setSigningKeyStatusTask, finish);
  const remove = useTask(deleteSigningKeyTask, finish);
  const inUse = keys.find((key) => key.status === 'in_use');
  const running = setStatus.running || remove.running;
  const apply = () => {
    if (!change) return;
    if (change.status === 'deleted') remove.run({ ref: projectRef, id: change.key.id });
    else setStatus.run({ ref: projectRef, id: change.key.id, status: change.status });
  };
  return (
    <div className={css.content}>
      <div className={css.head}>
        <h1 className={css.title}>JWT Signing Keys</h1>
        {canManage && (
          <Button variant="primary" isPending={create.running} onPress={() => create.run({ ref: projectRef, algorithm: 'ES256' })}>
            Create standby key
          </Button>
        )}
      </div>
      {create.error && (
        <p className={css.warning} role="alert">
          {create.error}
        </p>
      )}
      <section className={css.section} aria-labelledby="jwks-url">
        <h2 className={css.subtitle} id="jwks-url">
          JWKS URL
        </h2>
        <p className={css.text}>The public halves of the keys below (all but revoked ones): verify the project&apos;s tokens against it.</p>
        {jwksUrl && (
          <div className={css.valueRow}>
            <code className={css.value} aria-label="JWKS URL value">
              {jwksUrl}
            </code>
            <CopyButton text={jwksUrl} size="tiny" variant="default" aria-label="Copy JWKS URL" />
          </div>
        )}
      </section>
      <section className={css.section} aria-labelledby="signing-keys">
        <h2 className={css.subtitle} id="signing-keys">
          Signing keys
        </h2>
        {!inUse && (
          <p className={css.text} data-testid="legacy-in-use">
            Current key: Legacy HS256 (shared secret). Rotate a standby key in to sign with an asymmetric key.
          </p>
        )}
        {keys.length === 0 ? (
          <p className={css.text}>No asymmetric signing keys yet.</p>
        ) : (
          <table className={css.table} aria-label="Signing keys">
            <thead>
              <tr>
                <th className={css.cell} scope="col">Status</th>
                <th className={css.cell} scope="col">Key ID</th>
                <th className={css.cell} scope="col">Algorithm</th>
                <th className={css.cell} scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td className={css.cell}>
                    <Badge variant={key.status === 'in_use' ? 'brand' : key.status === 'revoked' ? 'destructive' : 'outline'}>
                      {SIGNING_KEY_STATUS_LABEL[key.status]}
                    </Badge>
                  </td>
                  <td className={`${css.cell} ${css.mono}`}>{key.id}</td>
                  <td className={css.cell}>{key.algorithm}</td>
                  <td className={css.cell}>
                    {canManage && (
                      <div className={css.actions}>
                        {key.status === 'standby' && (
                          <Button size="tiny" variant="primary" onPress={() => setChange({ key, status: 'in_use' })}>
                            Rotate keys
                          </Button>
                        )}
                        {key.status === 'previously_used' && (
                          <>
                            <Button size="tiny" variant="default" onPress={() => setChange({ key, status: 'standby' })}>
                              Move to standby
                            </Button>
                            <Button size="tiny" variant="danger" onPress={() => setChange({ key, status: 'revoked' })}>
                              Revoke
                            </Button>
                          </>
                        )}
                        {(key.status === 'standby' || key.status === 'revoked') && (
                          <Button size="tiny" variant="danger" onPress={() => setChange({ key, status: 'deleted' })} aria-label={`Delete key ${key.id}`}>
                            Delete
                          </Button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Modal isOpen={change !== null} onOpenChange={(open) => !open && setChange(null)} size="small">
        <Dialog
          title={change ? CHANGE_TEXT[change.status].title : ''}
          description={change ? CHANGE_TEXT[change.status].description : ''}
          footer={({ close }) => (
            <>
              {(setStatus.error ?? remove.error) && (
                <p className={css.warning} role="alert">
                  {setStatus.error ?? remove.error}
                </p>
              )}
              <Button variant="default" onPress={close} isDisabled={running}>
                Cancel
              </Button>
              <Button variant={change?.status === 'in_use' ? 'primary' : 'danger'} isPending={running} onPress={apply}>
                {change ? CHANGE_TEXT[change.status].button : ''}
              </Button>
            </>
          )}
        />
      </Modal>
    </div>
  );
}
