import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { InviteMemberMachine } from '../../../machines/invite-member.machine.ts';
import {
  selectEmail,
  selectError,
  selectFieldErrors,
  selectIsOpen,
  selectIsSending,
  selectRole,
} from '../../../machines/invite-member.selectors.ts';
import { ROLE_LABELS, type MemberRole } from '../../domain/team.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import * as css from './TeamPage.css.ts';

/** The invite dialog: e-mail and role, checked before sending; the server's refusal is shown in place. */
export function InviteMemberDialog({ actor, roles }: { actor: ActorRefFrom<InviteMemberMachine>; roles: MemberRole[] }) {
  const open = useSelector(actor, selectIsOpen);
  const email = useSelector(actor, selectEmail);
  const role = useSelector(actor, selectRole);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const sending = useSelector(actor, selectIsSending);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'invite.submit' });
  };
  return (
    <Modal isOpen={open} onOpenChange={(next) => !next && actor.send({ type: 'invite.close' })} isDismissable={!sending}>
      <Dialog title="Invite a member" description="They join this organization when they sign up or sign in with this email address." hideCloseButton={sending}>
        <form className={css.form} onSubmit={onSubmit} noValidate aria-label="Invite a member">
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(value) => actor.send({ type: 'invite.editEmail', value })}
            isInvalid={Boolean(fieldErrors.email)}
            errorMessage={fieldErrors.email}
            isDisabled={sending}
            autoFocus
          />
          <Select
            label="Role"
            options={roles.map((id) => ({ id, label: ROLE_LABELS[id] }))}
            value={role}
            onChange={(key) => key !== null && actor.send({ type: 'invite.editRole', role: String(key) })}
            isInvalid={Boolean(fieldErrors.role)}
            errorMessage={fieldErrors.role}
            isDisabled={sending}
          />
          {error ? <div role="alert" className={css.alert}>{error}</div> : null}
          <div className={css.footer}>
            <Button variant="ghost" isDisabled={sending} onPress={() => actor.send({ type: 'invite.close' })}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isPending={sending}>
              Send invitation
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
