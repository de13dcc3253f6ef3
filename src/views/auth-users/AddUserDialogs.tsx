// 'Add user' → 'Create new user' (email, password, auto-confirm) and 'Send invitation' (email), spec A2.7; through
// the project's auth admin API (src/actors/auth-users.ts). A failure shows under the form and keeps what was typed.
import { useState, type FormEvent } from 'react';
import { createAuthUserTask, inviteAuthUserTask } from '../../actors/auth-users.ts';
import { AUTH_USERS_TEXT } from '../../domain/auth-users.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './AuthUsers.css.ts';

interface AddUserDialogProps {
  projectRef: string;
  onClose: () => void;
  onDone: () => void;
}

export function CreateUserDialog({ projectRef, onClose, onDone }: AddUserDialogProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [autoConfirm, setAutoConfirm] = useState(true);
  const task = useTask(createAuthUserTask, {
    onDone: (created) => {
      toast.success(AUTH_USERS_TEXT.created(created));
      onClose();
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    task.reset();
    task.run({ ref: projectRef, email: email.trim(), password, autoConfirm });
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!task.running}>
      <Dialog title={AUTH_USERS_TEXT.createUser} description="Create a new user with an email and a password.">
        <form className={css.form} onSubmit={submit}>
          <TextField label="Email address" type="email" isRequired autoFocus value={email} onChange={setEmail} autoComplete="off" />
          <TextField label="User password" type="password" isRequired value={password} onChange={setPassword} autoComplete="new-password" />
          <Switch isSelected={autoConfirm} onChange={setAutoConfirm}>Auto Confirm User?</Switch>
          {task.error ? <p role="alert" className={css.alert}>{`Failed to create user: ${task.error}`}</p> : null}
          <div className={css.actions}>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button type="submit" variant="primary" size="tiny" isPending={task.running}>Create user</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

export function InviteUserDialog({ projectRef, onClose, onDone }: AddUserDialogProps) {
  const [email, setEmail] = useState('');
  const task = useTask(inviteAuthUserTask, {
    onDone: (invited) => {
      toast.success(AUTH_USERS_TEXT.invited(invited));
      onClose();
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    task.reset();
    task.run({ ref: projectRef, email: email.trim() });
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!task.running}>
      <Dialog title={AUTH_USERS_TEXT.sendInvitation} description="Invite a new user to join your project by email.">
        <form className={css.form} onSubmit={submit}>
          <TextField label="Email address" type="email" isRequired autoFocus value={email} onChange={setEmail} autoComplete="off" />
          {task.error ? <p role="alert" className={css.alert}>{`Failed to invite user: ${task.error}`}</p> : null}
          <div className={css.actions}>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button type="submit" variant="primary" size="tiny" isPending={task.running}>Invite user</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
