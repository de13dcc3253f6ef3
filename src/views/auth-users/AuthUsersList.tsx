// The Users list: search, sort, the table and 'Load more' (machines/auth-user-list.machine.ts through selectors).
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectAuthUsers,
  selectAuthUsersBusy,
  selectAuthUsersEmpty,
  selectAuthUsersError,
  selectAuthUsersFirstLoad,
  selectAuthUsersHasMore,
  selectAuthUsersLoadingMore,
  selectAuthUsersMoreError,
  selectAuthUsersSearch,
  selectAuthUsersSort,
} from '../../../machines/auth-user-list.selectors.ts';
import {
  AUTH_USER_SORT_COLUMNS,
  AUTH_USER_SORT_LABELS,
  AUTH_USERS_REFUSED,
  AUTH_USERS_TEXT,
  authUserLabel,
  formatUserDate,
  providersLabel,
  type AuthUserRow,
  type AuthUserSortColumn,
  type SortDirection,
} from '../../domain/auth-users.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import type { UserAction } from './UserActions.tsx';
import type { AuthUserListRef } from './useAuthUserList.ts';
import * as css from './AuthUsers.css.ts';

const SORT_OPTIONS = AUTH_USER_SORT_COLUMNS.map((id) => ({ id, label: AUTH_USER_SORT_LABELS[id] }));
const DIRECTION_OPTIONS = [
  { id: 'desc', label: 'Descending' },
  { id: 'asc', label: 'Ascending' },
];

export interface AuthUsersListProps {
  list: AuthUserListRef;
  projectRef: string;
  canWrite: boolean;
  onOpen: (user: AuthUserRow) => void;
  onAction: (action: UserAction, user: AuthUserRow) => void;
}

export function AuthUsersList({ list, projectRef, canWrite, onOpen, onAction }: AuthUsersListProps) {
  const typed = useSelector(list, selectAuthUsersSearch);
  // The field keeps its own text so typing never waits on the machine.
  const [search, setSearch] = useState(typed);
  const sort = useSelector(list, selectAuthUsersSort);
  const users = useSelector(list, selectAuthUsers);
  const busy = useSelector(list, selectAuthUsersBusy);
  const firstLoad = useSelector(list, selectAuthUsersFirstLoad);
  const error = useSelector(list, selectAuthUsersError);
  const moreError = useSelector(list, selectAuthUsersMoreError);
  const empty = useSelector(list, selectAuthUsersEmpty);
  const hasMore = useSelector(list, selectAuthUsersHasMore);
  const loadingMore = useSelector(list, selectAuthUsersLoadingMore);
  return (
    <>
      <div className={css.toolbar} role="search">
        <TextField
          className={css.search}
          label={AUTH_USERS_TEXT.searchLabel}
          type="search"
          value={search}
          onChange={(text) => {
            setSearch(text);
            list.send({ type: 'users.search', text });
          }}
        />
        <Select
          label="Sort by"
          options={SORT_OPTIONS}
          selectedKey={sort.column}
          onSelectionChange={(key) => list.send({ type: 'users.sort', sort: { ...sort, column: key as AuthUserSortColumn } })}
        />
        <Select
          label="Order"
          options={DIRECTION_OPTIONS}
          selectedKey={sort.direction}
          onSelectionChange={(key) => list.send({ type: 'users.sort', sort: { ...sort, direction: key as SortDirection } })}
        />
        <Button size="tiny" variant="default" onPress={() => list.send({ type: 'users.refresh' })} isPending={busy && !loadingMore}>
          Refresh
        </Button>
      </div>
      {error ? (
        <ErrorAlert subject={AUTH_USERS_TEXT.loadFailed} error={error} projectRef={projectRef}>
          <Button size="tiny" variant="default" onPress={() => list.send({ type: 'users.retry' })}>Retry</Button>
        </ErrorAlert>
      ) : firstLoad ? (
        <SkeletonLines lines={6} />
      ) : empty === 'none' ? (
        <EmptyState level={2} title={AUTH_USERS_TEXT.noUsers} description={AUTH_USERS_TEXT.noUsersDescription} />
      ) : empty === 'noMatch' ? (
        <EmptyState level={2} title={AUTH_USERS_TEXT.noMatch} description={`No users match "${search.trim()}"`} />
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table} aria-label="Users" aria-busy={busy}>
            <thead>
              <tr>
                {['Email', 'Phone', 'Provider', 'Created', 'Last sign in', 'User ID'].map((name) => (
                  <th key={name} scope="col" className={css.th}>{name}</th>
                ))}
                <th scope="col" className={css.th}><span className={visuallyHidden}>Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} canWrite={canWrite} onOpen={onOpen} onAction={onAction} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!error && (hasMore || moreError) ? (
        <div className={css.footer}>
          {moreError ? <p role="alert" className={css.alert}>{`Failed to retrieve more users: ${moreError}`}</p> : null}
          <Button
            size="tiny"
            variant="default"
            isPending={loadingMore}
            onPress={() => list.send({ type: moreError ? 'users.retry' : 'users.more' })}
          >
            {moreError ? 'Retry' : AUTH_USERS_TEXT.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function UserRow({ user, canWrite, onOpen, onAction }: { user: AuthUserRow; canWrite: boolean; onOpen: AuthUsersListProps['onOpen']; onAction: AuthUsersListProps['onAction'] }) {
  const label = authUserLabel(user);
  const refused = canWrite ? undefined : AUTH_USERS_REFUSED;
  const noMail = user.email ? undefined : 'This user has no email address';
  return (
    <tr>
      <td className={css.td}>
        <button type="button" className={css.userButton} onClick={() => onOpen(user)} aria-label={`View user ${label}`}>
          {user.email ?? <span className={css.muted}>-</span>}
        </button>
      </td>
      <td className={css.td}>{user.phone ?? <span className={css.muted}>-</span>}</td>
      <td className={css.td}>{providersLabel(user.providers)}</td>
      <td className={css.td}>{formatUserDate(user.created_at)}</td>
      <td className={css.td}>{user.last_sign_in_at ? formatUserDate(user.last_sign_in_at) : <span className={css.muted}>Never</span>}</td>
      <td className={css.td}>
        <span className={css.idCell}>
          <span className={css.mono}>{user.id}</span>
          <CopyButton text={user.id} iconOnly size="tiny" variant="ghost" label={`Copy user ID of ${label}`} />
        </span>
      </td>
      <td className={css.td}>
        <MenuTrigger>
          <Button size="tiny" variant="ghost" aria-label={`Actions for ${label}`}>⋯</Button>
          <Menu
            aria-label={`Actions for ${label}`}
            disabledKeys={[...(canWrite ? [] : ['recovery', 'magicLink', 'delete']), ...(user.email ? [] : ['recovery', 'magicLink'])]}
            onAction={(key) => onAction(key as UserAction, user)}
          >
            <MenuItem id="view">View user</MenuItem>
            <MenuItem id="impersonate">{AUTH_USERS_TEXT.impersonate}</MenuItem>
            <MenuItem id="recovery" textValue={AUTH_USERS_TEXT.sendRecovery} description={refused ?? noMail}>{AUTH_USERS_TEXT.sendRecovery}</MenuItem>
            <MenuItem id="magicLink" textValue={AUTH_USERS_TEXT.sendMagicLink} description={refused ?? noMail}>{AUTH_USERS_TEXT.sendMagicLink}</MenuItem>
            <MenuItem id="delete" textValue={AUTH_USERS_TEXT.deleteUser} description={refused} isDestructive>{AUTH_USERS_TEXT.deleteUser}</MenuItem>
          </Menu>
        </MenuTrigger>
      </td>
    </tr>
  );
}
