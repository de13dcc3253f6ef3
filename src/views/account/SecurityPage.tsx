import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MfaEnrolMachine } from '../../../machines/mfa-enrol.machine.ts';
import {
  selectCanEnrol,
  selectCode,
  selectEnrolment,
  selectError,
  selectFailedToLoad,
  selectFactors,
  selectIsBusy,
  selectIsEnrolling,
  selectIsLoading,
  selectIsShowingSecret,
  selectIsVerifying,
  selectNotice,
  selectRemovingFactorId,
} from '../../../machines/mfa-enrol.selectors.ts';
import { qrCodeImageSrc } from '../../domain/auth-forms.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useMfaEnrolActor } from './useMfaEnrolActor.ts';
import * as css from './SecurityPage.css.ts';

type MfaActorRef = ActorRefFrom<MfaEnrolMachine>;

/** /account/security: multi-factor authentication with authenticator apps (spec A3 MFA factor, A4.11). */
export function SecurityPage() {
  const actor = useMfaEnrolActor();
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const showingSecret = useSelector(actor, selectIsShowingSecret);
  const failedToLoad = useSelector(actor, selectFailedToLoad);
  return (
    <div className={css.page}>
      <div>
        <h1 className={css.title}>Security</h1>
        <p className={css.muted}>Add a second step to your sign-in with an authenticator app.</p>
      </div>
      <section className={css.panel} aria-labelledby="mfa-title">
        <h2 id="mfa-title" className={css.panelTitle}>Multi-factor authentication</h2>
        {notice ? <div role="status" className={css.notice}>{notice}</div> : null}
        {error && !showingSecret ? <div role="alert" className={css.alert}>{error}</div> : null}
        {failedToLoad ? (
          <div className={css.row}>
            <Button onPress={() => actor.send({ type: 'mfa.retry' })}>Try again</Button>
          </div>
        ) : showingSecret ? (
          <EnrolStep actor={actor} />
        ) : (
          <FactorList actor={actor} />
        )}
      </section>
    </div>
  );
}

function FactorList({ actor }: { actor: MfaActorRef }) {
  const factors = useSelector(actor, selectFactors);
  const loading = useSelector(actor, selectIsLoading);
  const canEnrol = useSelector(actor, selectCanEnrol);
  const enrolling = useSelector(actor, selectIsEnrolling);
  const removing = useSelector(actor, selectRemovingFactorId);
  if (loading && factors.length === 0) return <p className={css.muted}>Loading factors…</p>;
  const verified = factors.filter((factor) => factor.status === 'verified');
  return (
    <>
      {verified.length === 0 ? (
        <p className={css.muted}>No authenticator app added yet.</p>
      ) : (
        <ul className={css.list} aria-label="Factors">
          {verified.map((factor) => {
            const name = factor.friendly_name || 'Authenticator app';
            return (
              <li key={factor.id} className={css.factor}>
                <span>
                  <span className={css.factorName}>{name}</span>{' '}
                  <span className={css.muted}>({factor.factor_type.toUpperCase()})</span>
                </span>
                <Button
                  variant="danger"
                  size="small"
                  aria-label={`Remove ${name}`}
                  isPending={removing === factor.id}
                  isDisabled={!canEnrol}
                  onPress={() => actor.send({ type: 'mfa.remove', factorId: factor.id })}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={css.row}>
        <Button
          variant="primary"
          isPending={enrolling}
          isDisabled={!canEnrol}
          onPress={() => actor.send({ type: 'mfa.enrol', friendlyName: `Authenticator app ${factors.length + 1}` })}
        >
          Add authenticator app
        </Button>
      </div>
    </>
  );
}

function EnrolStep({ actor }: { actor: MfaActorRef }) {
  const enrolment = useSelector(actor, selectEnrolment);
  const code = useSelector(actor, selectCode);
  const error = useSelector(actor, selectError);
  const verifying = useSelector(actor, selectIsVerifying);
  const busy = useSelector(actor, selectIsBusy);
  if (!enrolment) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'mfa.verify' });
  };
  return (
    <div className={css.enrol}>
      <img className={css.qr} src={qrCodeImageSrc(enrolment.qrCode)} alt="QR code to scan with your authenticator app" />
      <form className={css.form} onSubmit={onSubmit} noValidate>
        <p className={css.muted}>Scan the QR code with your authenticator app, or enter this secret:</p>
        <code className={css.secret} data-testid="totp-secret">{enrolment.secret}</code>
        <TextField
          label="Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(value) => actor.send({ type: 'mfa.editCode', value })}
          isDisabled={busy}
          autoFocus
          monospace
        />
        {error ? <div role="alert" className={css.alert}>{error}</div> : null}
        <div className={css.row}>
          <Button type="submit" variant="primary" isPending={verifying}>
            Verify
          </Button>
          <Button variant="ghost" isDisabled={busy} onPress={() => actor.send({ type: 'mfa.cancel' })}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
