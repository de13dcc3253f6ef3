// /project/{ref}/settings/jwt (spec A2.2 'JWT', A2.13, A4.9, A8; issue 16): the legacy JWT secret and its rotation.
// Generating a new secret issues new anon and service_role keys; the old ones stop working. The status is polled
// every second while it runs (machines/jwt-secret-update.machine.ts).
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import * as css from './ApiKeys.css.ts';
import { JwtStatusNotice } from './JwtStatusNotice.tsx';
import { LegacyApiKeys } from './LegacyApiKeys.tsx';
import { useJwtSecretUpdate } from './useJwtSecretUpdate.ts';

export interface JwtSettingsPageProps {
  projectRef: string;
  anonKey: string | null;
  canReadSecrets: boolean;
  /** Administrators and owners may rotate the secret. */
  canRotate: boolean;
}

export function JwtSettingsPage({ projectRef, anonKey, canReadSecrets, canRotate }: JwtSettingsPageProps) {
  const navigate = useNavigate();
  const jwt = useJwtSecretUpdate(projectRef);
  return (
    <div className={css.content}>
      <div className={css.head}>
        <h1 className={css.title}>JWT Keys</h1>
        <Button variant="default" onPress={() => void navigate({ to: '/project/$ref/settings/jwt/signing-keys', params: { ref: projectRef } })}>
          JWT Signing Keys
        </Button>
      </div>
      <JwtStatusNotice updating={jwt.updating} progress={jwt.progress} error={jwt.error} />
      <section className={css.section} aria-labelledby="jwt-legacy-secret">
        <h2 className={css.subtitle} id="jwt-legacy-secret">
          Legacy JWT secret
        </h2>
        <p className={css.text}>
          The anon and service_role keys are JWTs signed with this secret (HS256). Generating a new secret issues new keys: the
          current ones stop working, so every app using them must be given the new ones.
        </p>
        <div className={css.actions} style={{ justifyContent: 'flex-start' }}>
          <Button
            variant="danger"
            isDisabled={!canRotate || jwt.updating || jwt.checking}
            isPending={jwt.updating}
            onPress={() => jwt.actor.send({ type: 'secret.rotate' })}
          >
            Generate a new JWT secret
          </Button>
        </div>
        {!canRotate && <p className={css.text}>You need additional permissions to update the JWT secret</p>}
      </section>
      <LegacyApiKeys projectRef={projectRef} anonKey={anonKey} canReadSecrets={canReadSecrets} jwtUpdating={jwt.updating} />
      <Modal isOpen={jwt.confirming} onOpenChange={(open) => !open && jwt.actor.send({ type: 'rotate.cancel' })} size="small">
        <Dialog
          title="Generate a new JWT secret"
          description="The anon and service_role keys are reissued: requests with the current keys are refused from now on."
          footer={
            <>
              <Button variant="default" onPress={() => jwt.actor.send({ type: 'rotate.cancel' })}>
                Cancel
              </Button>
              <Button variant="danger" onPress={() => jwt.actor.send({ type: 'rotate.confirm' })}>
                Generate new secret
              </Button>
            </>
          }
        />
      </Modal>
    </div>
  );
}
