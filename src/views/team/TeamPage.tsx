import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MemberChangeMachine } from '../../../machines/member-change.machine.ts';
import {
  selectBusyKey,
  selectCanChange,
  selectError as selectChangeError,
  selectNotice as selectChangeNotice,
  selectRemovalToConfirm,
} from '../../../machines/member-change.selectors.ts';
import { selectInvited } from '../../../machines/invite-member.selectors.ts';
import type { Invitation, Member } from '../../api/team.ts';
import { ROLE_LABELS, assignableRoles, canManageMembers, type MemberRole } from '../../domain/team.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { TimestampTooltip } from '../../ui/TimestampTooltip.tsx';
import * as page from '../../ui/Page.css.ts';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { useTeamActors } from './useTeamActors.ts';
import * as css from './TeamPage.css.ts';

export interface TeamPageProps {
  slug: string;
  members: Member[];
  invitations: Invitation[];
  currentUserId: string | undefined;
}

/** /org/{slug}/team: members with their roles, pending invitations, invite / change role / remove (spec A6). */
export function TeamPage({ slug, members, invitations, currentUserId }: TeamPageProps) {
  const { invite, change } = useTeamActors(slug);
  const myRole = members.find((m) => m.gotrue_id === currentUserId)?.role;
  const canManage = canManageMembers(myRole);
  const roles = assignableRoles(myRole);
  const invited = useSelector(invite, selectInvited);
  const notice = useSelector(change, selectChangeNotice);
  const error = useSelector(change, selectChangeError);
  return (
    <section className={page.page} aria-labelledby="team-title">
      <div className={css.headerRow}>
        <div>
          <h1 id="team-title" className={page.title}>Team</h1>
          <p className={page.subtitle}>Who can work on this organization's projects, and with which role.</p>
        </div>
        {canManage ? (
          <Button variant="primary" onPress={() => invite.send({ type: 'invite.open', memberEmails: members.map((m) => m.primary_email) })}>
            Invite member
          </Button>
        ) : null}
      </div>
      {invited ? <div role="status" className={css.notice}>Invitation sent to {invited}</div> : null}
      {notice ? <div role="status" className={css.notice}>{notice}</div> : null}
      {error ? <div role="alert" className={css.alert}>{error}</div> : null}

      <MembersTable members={members} currentUserId={currentUserId} canManage={canManage} roles={roles} change={change} />

      <h2 className={page.sectionTitle}>Pending invitations</h2>
      {invitations.length === 0 ? (
        <p className={page.subtitle}>No pending invitations.</p>
      ) : (
        <InvitationsTable invitations={invitations} canManage={canManage} myRole={myRole} change={change} />
      )}
      <InviteMemberDialog actor={invite} roles={roles} />
      <RemoveMemberDialog change={change} />
    </section>
  );
}

type ChangeRef = ActorRefFrom<MemberChangeMachine>;

function MembersTable(props: { members: Member[]; currentUserId: string | undefined; canManage: boolean; roles: MemberRole[]; change: ChangeRef }) {
  const { members, currentUserId, canManage, roles, change } = props;
  const busyKey = useSelector(change, selectBusyKey);
  const idle = useSelector(change, selectCanChange);
  return (
    <table className={`${css.table} ${css.narrowTable}`} aria-label="Members" data-testid="members-table">
      <thead className={css.narrowHead}>
        <tr>
          <th className={css.th}>Member</th>
          <th className={css.th}>Role</th>
          <th className={css.th}>Joined</th>
          <th className={css.th}><span className={css.visuallyHidden}>Actions</span></th>
        </tr>
      </thead>
      <tbody className={css.narrowBody}>
        {members.map((member) => {
          const isMe = member.gotrue_id === currentUserId;
          // Only an owner may change an owner (the platform says the same).
          const editable = canManage && roles.includes(member.role);
          return (
            <tr key={member.gotrue_id} className={css.narrowRow} data-testid={`member-${member.primary_email}`}>
              <td className={`${css.td} ${css.whoCell}`}>
                <div className={css.email}>{member.primary_email}{isMe ? ' (you)' : ''}</div>
                <div className={css.username}>{member.username}</div>
              </td>
              <td className={css.td}>
                {editable ? (
                  <Select
                    aria-label={`Role of ${member.primary_email}`}
                    className={css.roleSelect}
                    options={roles.map((id) => ({ id, label: ROLE_LABELS[id] }))}
                    value={member.role}
                    isDisabled={!idle}
                    onChange={(key) => {
                      if (key !== null && key !== member.role) {
                        change.send({ type: 'member.changeRole', profileId: member.gotrue_id, email: member.primary_email, role: key as MemberRole });
                      }
                    }}
                  />
                ) : (
                  <span data-testid="member-role">{ROLE_LABELS[member.role]}</span>
                )}
              </td>
              <td className={css.td}>
                <TimestampTooltip value={member.inserted_at} />
              </td>
              <td className={`${css.td} ${css.actionsCell}`}>
                <div className={css.actions}>
                  {(editable || isMe) && (
                    <Button
                      size="small"
                      variant="danger"
                      isDisabled={!idle}
                      isPending={busyKey === `member:${member.gotrue_id}`}
                      onPress={() => change.send({ type: 'member.remove', profileId: member.gotrue_id, email: member.primary_email })}
                    >
                      {isMe ? 'Leave' : 'Remove'}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function InvitationsTable(props: { invitations: Invitation[]; canManage: boolean; myRole: MemberRole | undefined; change: ChangeRef }) {
  const { invitations, canManage, myRole, change } = props;
  const busyKey = useSelector(change, selectBusyKey);
  const idle = useSelector(change, selectCanChange);
  return (
    <table className={`${css.table} ${css.narrowTable}`} aria-label="Pending invitations" data-testid="invitations-table">
      <thead className={css.narrowHead}>
        <tr>
          <th className={css.th}>Email</th>
          <th className={css.th}>Role</th>
          <th className={css.th}>Invited</th>
          <th className={css.th}><span className={css.visuallyHidden}>Actions</span></th>
        </tr>
      </thead>
      <tbody className={css.narrowBody}>
        {invitations.map((invitation) => (
          <tr key={invitation.id} className={css.narrowRow} data-testid={`invitation-${invitation.invited_email}`}>
            <td className={`${css.td} ${css.whoCell}`}><span className={css.email}>{invitation.invited_email}</span></td>
            <td className={css.td}>{ROLE_LABELS[invitation.role]}</td>
            <td className={css.td}><TimestampTooltip value={invitation.invited_at} /></td>
            <td className={`${css.td} ${css.actionsCell}`}>
              <div className={css.actions}>
                {canManage && (invitation.role !== 'owner' || myRole === 'owner') ? (
                  <Button
                    size="small"
                    variant="outline"
                    isDisabled={!idle}
                    isPending={busyKey === `invitation:${invitation.id}`}
                    onPress={() => change.send({ type: 'invitation.revoke', invitationId: invitation.id, email: invitation.invited_email })}
                  >
                    Revoke
                  </Button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RemoveMemberDialog({ change }: { change: ChangeRef }) {
  const pending = useSelector(change, selectRemovalToConfirm);
  return (
    <Modal isOpen={pending !== null} onOpenChange={(open) => !open && change.send({ type: 'member.cancel' })}>
      <Dialog
        title="Remove member"
        description={pending ? `${pending.email} will lose access to this organization and its projects.` : undefined}
        footer={
          <>
            <Button variant="ghost" onPress={() => change.send({ type: 'member.cancel' })}>Cancel</Button>
            <Button variant="danger" onPress={() => change.send({ type: 'member.confirm' })}>Remove member</Button>
          </>
        }
      />
    </Modal>
  );
}
