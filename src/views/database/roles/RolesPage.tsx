// /project/{ref}/database/roles (spec A2.6 "Configuration: Roles", issue 19): the database's roles with their
// attributes, connection limit, expiry and memberships; create, edit attributes, grant or revoke membership, delete —
// each showing its SQL first. The platform's strata_* roles are never listed; Postgres's pg_* roles, superusers and
// the Data API's roles are read-only. Where the console's database role lacks CREATEROLE (the local platform: its
// projects share one cluster, and CREATEROLE would reach every tenant's roles) the platform runs the writes for the
// project's own roles (server/pgmeta/roles.ts): the dialogs show the SQL it will run, built by the same functions.
import { useState } from 'react';
import { roleScriptTask, rolesRead } from '../../../actors/database-admin.ts';
import type { Project } from '../../../api/types.ts';
import { canWriteDatabase } from '../../../domain/database/catalog.ts';
import {
  createProjectRoleScript,
  createRoleScript,
  draftFromRole,
  dropProjectRoleScript,
  dropRoleScript,
  editProjectRoleScript,
  editRoleScript,
  emptyRoleDraft,
  filterRoles,
  isReservedRole,
  membershipScript,
  projectVisibleRoles,
  roleAttributes,
  type RoleDraft,
  type RoleRow,
} from '../../../domain/database/roles.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { useTaskRead } from '../../shared/useTask.ts';
import { DatabaseListPage, DatabasePage, DatabaseTable } from '../shared/DatabaseListPage.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export function RolesPage({ project }: { project: Project }) {
  return (
    <DatabasePage project={project}>
      <Roles project={project} />
    </DatabasePage>
  );
}

type Open = { kind: 'editor'; original: RoleRow | null } | { kind: 'membership'; role: RoleRow } | { kind: 'delete'; role: RoleRow } | null;

/** Where the platform manages the project's roles (no CREATEROLE): its database, owner role and own roles. */
type Managed = { database: string; owner: string; roles: readonly string[] } | null;

function Roles({ project }: { project: Project }) {
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const read = useTaskRead(rolesRead, { ref: project.ref }, String(version));
  const canWrite = canWriteDatabase(useProjectRole(project)) && read.data !== null && read.data !== undefined;
  const managed: Managed = read.data && !read.data.canManage ? read.data.platform : null;
  const refresh = () => setVersion((v) => v + 1);
  const all = read.data?.roles ?? [];
  const roles = managed ? projectVisibleRoles(all, managed.roles) : all;
  const rows = filterRoles(roles, search);
  const editable = (row: RoleRow) => canWrite && !isReservedRole(row) && (managed === null || managed.roles.includes(row.name));
  return (
    <DatabaseListPage
      title="Database Roles"
      description={
        managed
          ? 'Roles of the database server: who may log in, how many connections they may hold, and which roles they belong to. Projects share this server, so the platform creates and changes the roles of this project for you: they can connect to this project\'s database only, and cannot create roles or databases, replicate or bypass Row Level Security.'
          : 'Roles of the database server: who may log in, what they may create, and which roles they belong to.'
      }
      actions={canWrite ? <Button variant="primary" size="tiny" onPress={() => setOpen({ kind: 'editor', original: null })}>Add role</Button> : null}
      search={{ value: search, onChange: setSearch, label: 'Search for a role' }}
      read={read}
      errorSubject="Failed to retrieve database roles"
      isEmpty={rows.length === 0}
      empty={search.trim() === '' ? { title: 'No roles', description: 'No roles are visible to this project.' } : { title: 'No results found', description: `No role matches "${search.trim()}".` }}
      overlays={
        open?.kind === 'editor' ? (
          <RoleEditorDialog projectRef={project.ref} managed={managed} original={open.original} onClose={() => setOpen(null)} onDone={refresh} />
        ) : open?.kind === 'membership' ? (
          <MembershipDialog projectRef={project.ref} managed={managed} role={open.role} roles={roles} onClose={() => setOpen(null)} onDone={refresh} />
        ) : open?.kind === 'delete' ? (
          <SqlDialog
            projectRef={project.ref}
            title={`Delete role ${open.role.name}`}
            description="The role is dropped. Postgres refuses while it owns objects or holds privileges, and says which."
            script={managed ? dropProjectRoleScript(open.role.name, managed.database) : dropRoleScript(open.role.name)}
            confirmLabel="Delete role"
            destructive
            doneToast={`Role "${open.role.name}" deleted`}
            onClose={() => setOpen(null)}
            onDone={refresh}
            task={roleScriptTask}
            request={managed ? { kind: 'drop', name: open.role.name } : undefined}
          />
        ) : null
      }
    >
      <DatabaseTable
        label="Roles"
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Name', cell: (row) => row.name, mono: true },
          {
            header: 'Attributes',
            cell: (row) => (
              <div className={css.checks}>
                {roleAttributes(row).map((label) => (
                  <Badge key={label} variant={label === 'Superuser' ? 'warning' : 'default'}>{label}</Badge>
                ))}
                {isReservedRole(row) ? <Badge variant="outline">Reserved</Badge> : null}
              </div>
            ),
          },
          { header: 'Connection limit', cell: (row) => (row.connection_limit < 0 ? 'No limit' : String(row.connection_limit)) },
          { header: 'Valid until', cell: (row) => (row.valid_until === null || row.valid_until === 'infinity' ? 'Always' : row.valid_until) },
          { header: 'Member of', cell: (row) => (row.member_of.length === 0 ? '–' : row.member_of.join(', ')), mono: true },
        ]}
        rowActions={(row) =>
          editable(row) ? (
            <>
              <Button variant="default" size="tiny" aria-label={`Edit role ${row.name}`} onPress={() => setOpen({ kind: 'editor', original: row })}>Edit</Button>
              <Button variant="default" size="tiny" aria-label={`Membership of ${row.name}`} onPress={() => setOpen({ kind: 'membership', role: row })}>Membership</Button>
              <Button variant="default" size="tiny" aria-label={`Delete role ${row.name}`} onPress={() => setOpen({ kind: 'delete', role: row })}>Delete</Button>
            </>
          ) : null
        }
      />
    </DatabaseListPage>
  );
}

function RoleEditorDialog({ projectRef, managed, original, onClose, onDone }: { projectRef: string; managed: Managed; original: RoleRow | null; onClose: () => void; onDone: () => void }) {
  const before = original ? draftFromRole(original) : null;
  const [draft, setDraft] = useState<RoleDraft>(before ?? emptyRoleDraft());
  const set = <K extends keyof RoleDraft>(key: K, value: RoleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const all: Array<[keyof RoleDraft, string]> = [
    ['canLogin', 'Can login'],
    ['createDb', 'Can create databases'],
    ['createRole', 'Can create roles'],
    ['replication', 'Replication'],
    ['bypassRls', 'Bypass Row Level Security'],
    ['inherit', 'Inherits privileges of its roles'],
  ];
  // On a shared server the attributes that reach beyond the project are not offered (the platform refuses them).
  const flags = managed ? all.filter(([key]) => key === 'canLogin' || key === 'inherit') : all;
  return (
    <SqlDialog
      projectRef={projectRef}
      title={original ? `Edit role ${original.name}` : 'Add a new role'}
      script={buildScript(() =>
        managed
          ? before
            ? editProjectRoleScript(before, draft)
            : createProjectRoleScript(draft, managed.database)
          : before
            ? editRoleScript(before, draft)
            : createRoleScript(draft),
      )}
      confirmLabel={original ? 'Save role' : 'Create role'}
      doneToast={original ? `Role "${draft.name.trim()}" updated` : `Role "${draft.name.trim()}" created`}
      onClose={onClose}
      onDone={onDone}
      size="large"
      task={roleScriptTask}
      request={managed ? (original ? { kind: 'edit', name: original.name, draft } : { kind: 'create', draft }) : undefined}
    >
      <TextField label="Name" value={draft.name} onChange={(v) => set('name', v)} />
      <div className={css.checks}>
        {flags.map(([key, label]) => (
          <Switch key={key} isSelected={draft[key] as boolean} onChange={(on) => set(key, on)}>{label}</Switch>
        ))}
      </div>
      <div className={css.row}>
        <TextField className={css.grow} label="Connection limit" value={draft.connectionLimit} onChange={(v) => set('connectionLimit', v)} description="Empty or -1: no limit." />
        <TextField className={css.grow} label="Valid until" value={draft.validUntil} onChange={(v) => set('validUntil', v)} description="A date such as 2027-01-31; empty: always." />
      </div>
      <TextField label={original ? 'New password (optional)' : 'Password (optional)'} type="password" value={draft.password} onChange={(v) => set('password', v)} />
    </SqlDialog>
  );
}

function MembershipDialog({ projectRef, managed, role, roles, onClose, onDone }: { projectRef: string; managed: Managed; role: RoleRow; roles: readonly RoleRow[]; onClose: () => void; onDone: () => void }) {
  // On a shared server: the project's own roles and its owner role only (never the API roles every project shares).
  const others = managed
    ? [...managed.roles.filter((name) => name !== role.name), managed.owner].map((name) => ({ name }))
    : roles.filter((r) => r.name !== role.name && !r.superuser);
  const [group, setGroup] = useState<string>('');
  const isMember = role.member_of.includes(group);
  return (
    <SqlDialog
      projectRef={projectRef}
      title={`Membership of ${role.name}`}
      description={`${role.name} is a member of: ${role.member_of.length === 0 ? 'no role' : role.member_of.join(', ')}.`}
      script={group === '' ? { problem: 'Please select a role' } : membershipScript(role.name, group, !isMember)}
      confirmLabel={group !== '' && isMember ? 'Revoke membership' : 'Grant membership'}
      destructive={group !== '' && isMember}
      doneToast={isMember ? `${role.name} is no longer a member of ${group}` : `${role.name} is now a member of ${group}`}
      onClose={onClose}
      onDone={onDone}
      task={roleScriptTask}
      request={managed && group !== '' ? { kind: 'membership', name: role.name, group, grant: !isMember } : undefined}
    >
      <Select
        label="Role"
        description="Picking a role it belongs to revokes the membership; any other grants it."
        options={others.map((r) => ({ id: r.name, label: role.member_of.includes(r.name) ? `${r.name} (member)` : r.name }))}
        selectedKey={group === '' ? null : group}
        onSelectionChange={(key) => key !== null && setGroup(String(key))}
      />
    </SqlDialog>
  );
}
