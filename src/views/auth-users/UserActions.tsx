// A user's writes: the recovery and magic-link mails (toasts say where the mail went: the local project inbox) and
// the delete confirmation (the spec's typed-confirmation modal, A2.14, typing the user's email or id).
import { deleteAuthUserTask, sendMagicLinkTask, sendRecoveryTask } from '../../actors/auth-users.ts';
import { AUTH_USERS_TEXT, authUserLabel, type AuthUserRow } from '../../domain/auth-users.ts';
import { TypedConfirmModal } from '../../ui/TypedConfirmModal.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './AuthUsers.css.ts';

export type UserAction = 'view' | 'impersonate' | 'recovery' | 'magicLink' | 'delete';

export function useUserMailActions(projectRef: string) {
  const recovery = useTask(sendRecoveryTask, {
    onDone: (email) => toast.success(AUTH_USERS_TEXT.recoverySent(email)),
    onFailed: (message) => toast.error(`Failed to send password recovery: ${message}`),
  });
  const magicLink = useTask(sendMagicLinkTask, {
    onDone: (email) => toast.success(AUTH_USERS_TEXT.magicLinkSent(email)),
    onFailed: (message) => toast.error(`Failed to send magic link: ${message}`),
  });
  return {
    send(action: 'recovery' | 'magicLink', user: Pick<AuthUserRow, 'email'>) {
      if (!user.email) {
        toast.error('This user has no email address');
        return;
      }
      const task = action === 'recovery' ? recovery : magicLink;
      // A finished run is forgotten first, so the same mail can be sent again.
      task.reset();
      task.run({ ref: projectRef, email: user.email });
    },
  };
}

export function DeleteUserModal({
  projectRef,
  user,
  onClose,
  onDeleted,
}: {
  projectRef: string;
  user: Pick<AuthUserRow, 'id' | 'email' | 'phone'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const label = authUserLabel(user);
  const task = useTask(deleteAuthUserTask, {
    onDone: () => {
      toast.success(AUTH_USERS_TEXT.deleted(label));
      onClose();
      onDeleted();
    },
  });
  return (
    <TypedConfirmModal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`${AUTH_USERS_TEXT.deleteUser} ${label}`}
      description={AUTH_USERS_TEXT.deleteDescription}
      confirmString={label}
      confirmLabel={AUTH_USERS_TEXT.deleteUser}
      isLoading={task.running}
      onConfirm={() => task.run({ ref: projectRef, id: user.id })}
    >
      {task.error ? <p role="alert" className={css.alert}>{`Failed to delete user: ${task.error}`}</p> : null}
    </TypedConfirmModal>
  );
}
