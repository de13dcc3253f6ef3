// A user's detail panel (spec A3 User): dates, confirmation, identities, factors, sessions and the raw app/user
// metadata, read through SQL when it opens; the same actions as the row's menu.
import type { ReactNode } from 'react';
import { authUserDetailTask } from '../../actors/auth-users.ts';
import { AUTH_USERS_REFUSED, AUTH_USERS_TEXT, authUserLabel, formatUserDate, type AuthUserDetail, type AuthUserRow } from '../../domain/auth-users.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import type { UserAction } from './UserActions.tsx';
import * as css from './AuthUsers.css.ts';

export interface AuthUserDetailPanelProps {
  projectRef: string;
  user: AuthUserRow;
  canWrite: boolean;
  onClose: () => void;
  onAction: (action: Exclude<UserAction, 'view'>, user: AuthUserRow) => void;
}

export function AuthUserDetailPanel({ projectRef, user, canWrite, onClose, onAction }: AuthUserDetailPanelProps) {
  const detail = useTaskRead(authUserDetailTask, { ref: projectRef, id: user.id }, `${projectRef}/${user.id}`);
  const label = authUserLabel(user);
  return (
    <Sheet isOpen onOpenChange={(open) => !open && onClose()} side="right" title={`User ${label}`}>
      <div className={css.detail}>
        {detail.error ? (
          <ErrorAlert subject="Failed to retrieve user" error={detail.error} projectRef={projectRef}>
            <Button size="tiny" variant="default" onPress={detail.retry}>Retry</Button>
          </ErrorAlert>
        ) : detail.data ? (
          <UserFacts user={detail.data} />
        ) : (
          <SkeletonLines lines={8} />
        )}
        <section aria-labelledby="auth-user-actions" className={css.form}>
          <h3 id="auth-user-actions" className={css.sectionTitle}>Actions</h3>
          <div className={css.toolbar}>
            <Button size="tiny" variant="default" onPress={() => onAction('impersonate', user)}>
              {AUTH_USERS_TEXT.impersonate}
            </Button>
          </div>
          <AllowedOr allowed={canWrite} reason={AUTH_USERS_REFUSED}>
            <div className={css.toolbar}>
              <Button size="tiny" variant="default" isDisabled={!canWrite || !user.email} onPress={() => onAction('recovery', user)}>
                {AUTH_USERS_TEXT.sendRecovery}
              </Button>
              <Button size="tiny" variant="default" isDisabled={!canWrite || !user.email} onPress={() => onAction('magicLink', user)}>
                {AUTH_USERS_TEXT.sendMagicLink}
              </Button>
              <Button size="tiny" variant="danger" isDisabled={!canWrite} onPress={() => onAction('delete', user)}>
                {AUTH_USERS_TEXT.deleteUser}
              </Button>
            </div>
          </AllowedOr>
        </section>
      </div>
    </Sheet>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={css.factLabel}>{label}</dt>
      <dd className={css.factValue}>{children}</dd>
    </>
  );
}

function UserFacts({ user }: { user: AuthUserDetail }) {
  return (
    <>
      <dl className={css.facts}>
        <Fact label="User ID">
          <span className={css.idCell}>
            <span className={css.mono}>{user.id}</span>
            <CopyButton text={user.id} iconOnly size="tiny" variant="ghost" label="Copy user ID" />
          </span>
        </Fact>
        <Fact label="Email">{user.email ?? '-'}</Fact>
        <Fact label="Phone">{user.phone ?? '-'}</Fact>
        <Fact label="Created at">{formatUserDate(user.created_at)}</Fact>
        <Fact label="Updated at">{formatUserDate(user.updated_at)}</Fact>
        <Fact label="Last signed in">{formatUserDate(user.last_sign_in_at)}</Fact>
        <Fact label="Confirmed">{user.email_confirmed_at ? `Yes, ${formatUserDate(user.email_confirmed_at)}` : 'Not confirmed'}</Fact>
      </dl>
      <section className={css.form} aria-label="Identities">
        <h3 className={css.sectionTitle}>Identities</h3>
        {user.identities.length === 0 ? <p className={css.muted}>No identities</p> : (
          <ul className={css.list}>
            {user.identities.map((identity) => (
              <li key={identity.id}>{`${identity.provider === 'email' ? 'Email' : identity.provider}: ${identity.email ?? '-'} (created ${formatUserDate(identity.created_at)})`}</li>
            ))}
          </ul>
        )}
      </section>
      <section className={css.form} aria-label="Multi-factor authentication">
        <h3 className={css.sectionTitle}>Multi-factor authentication</h3>
        {user.factors.length === 0 ? <p className={css.muted}>No factors enrolled</p> : (
          <ul className={css.list}>
            {user.factors.map((factor) => (
              <li key={factor.id}>{`${factor.friendly_name || factor.factor_type} (${factor.factor_type}, ${factor.status})`}</li>
            ))}
          </ul>
        )}
      </section>
      <section className={css.form} aria-label="Sessions">
        <h3 className={css.sectionTitle}>Sessions</h3>
        {user.sessions.length === 0 ? <p className={css.muted}>No active sessions</p> : (
          <ul className={css.list}>
            {user.sessions.map((session) => (
              <li key={session.id}>{`${session.aal}, since ${formatUserDate(session.created_at)}, last refreshed ${formatUserDate(session.updated_at)}`}</li>
            ))}
          </ul>
        )}
      </section>
      <section className={css.form} aria-label="Raw app metadata">
        <h3 className={css.sectionTitle}>Raw app metadata</h3>
        <pre className={css.json}>{JSON.stringify(user.raw_app_meta_data, null, 2)}</pre>
      </section>
      <section className={css.form} aria-label="Raw user metadata">
        <h3 className={css.sectionTitle}>Raw user metadata</h3>
        <pre className={css.json}>{JSON.stringify(user.raw_user_meta_data, null, 2)}</pre>
      </section>
    </>
  );
}
