// /project/{ref}/auth/users (spec A2.7 "Manage: users", issue 18): the project's auth users — search, sort, pages —
// with 'Add user' and each user's actions for members who may write, and a user's detail panel.
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import type { Project } from '../../api/types.ts';
import { AUTH_USERS_REFUSED, AUTH_USERS_TEXT, authUserLabel, canManageAuthUsers, type AuthUserRow } from '../../domain/auth-users.ts';
import { Button } from '../../ui/Button.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { toast } from '../../ui/toast.ts';
import { useImpersonation } from '../editor/ImpersonationContext.tsx';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { CreateUserDialog, InviteUserDialog } from './AddUserDialogs.tsx';
import { AuthUsersList } from './AuthUsersList.tsx';
import { AuthUserDetailPanel } from './AuthUserDetailPanel.tsx';
import { DeleteUserModal, useUserMailActions, type UserAction } from './UserActions.tsx';
import { useAuthUserList } from './useAuthUserList.ts';
import * as css from './AuthUsers.css.ts';

export function AuthUsersPage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <AuthUsers project={project} />;
}

type Dialog = { kind: 'create' } | { kind: 'invite' } | { kind: 'delete'; user: AuthUserRow } | { kind: 'detail'; user: AuthUserRow } | null;

export function AuthUsers({ project }: { project: Project }) {
  const list = useAuthUserList(project.ref);
  const canWrite = canManageAuthUsers(useProjectRole(project));
  const [dialog, setDialog] = useState<Dialog>(null);
  const mail = useUserMailActions(project.ref);
  const refresh = () => list.send({ type: 'users.refresh' });
  const impersonation = useImpersonation();
  const navigate = useNavigate();
  // 'Impersonate user' (issue 18, spec B2.7): the editors' role picker takes this user, as picking her there would.
  const impersonate = (user: AuthUserRow) => {
    impersonation.send({ type: 'impersonation.postgrest', role: 'authenticated', user: { id: user.id, ...(user.email ? { email: user.email } : {}) } });
    toast.success(AUTH_USERS_TEXT.impersonating(authUserLabel(user)));
    void navigate({ to: '/project/$ref/editor', params: { ref: project.ref } });
  };
  const act = (action: UserAction, user: AuthUserRow) => {
    if (action === 'delete') setDialog({ kind: 'delete', user });
    else if (action === 'view') setDialog({ kind: 'detail', user });
    else if (action === 'impersonate') impersonate(user);
    else mail.send(action, user);
  };
  return (
    <div className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}>{AUTH_USERS_TEXT.title}</h1>
        <AllowedOr allowed={canWrite} reason={AUTH_USERS_REFUSED}>
          <MenuTrigger>
            <Button variant="primary" size="tiny" isDisabled={!canWrite}>{AUTH_USERS_TEXT.addUser}</Button>
            <Menu aria-label={AUTH_USERS_TEXT.addUser} onAction={(key) => setDialog({ kind: key === 'invite' ? 'invite' : 'create' })}>
              <MenuItem id="create">{AUTH_USERS_TEXT.createUser}</MenuItem>
              <MenuItem id="invite">{AUTH_USERS_TEXT.sendInvitation}</MenuItem>
            </Menu>
          </MenuTrigger>
        </AllowedOr>
      </header>
      <AuthUsersList
        list={list}
        projectRef={project.ref}
        canWrite={canWrite}
        onOpen={(user) => setDialog({ kind: 'detail', user })}
        onAction={act}
      />
      {dialog?.kind === 'create' ? <CreateUserDialog projectRef={project.ref} onClose={() => setDialog(null)} onDone={refresh} /> : null}
      {dialog?.kind === 'invite' ? <InviteUserDialog projectRef={project.ref} onClose={() => setDialog(null)} onDone={refresh} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserModal projectRef={project.ref} user={dialog.user} onClose={() => setDialog(null)} onDeleted={refresh} />
      ) : null}
      {dialog?.kind === 'detail' ? (
        <AuthUserDetailPanel
          projectRef={project.ref}
          user={dialog.user}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
          onAction={act}
        />
      ) : null}
    </div>
  );
}
