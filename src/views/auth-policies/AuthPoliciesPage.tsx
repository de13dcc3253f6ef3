// /project/{ref}/auth/policies (spec A2.7 "Configuration: policies", issue 18): every table of the chosen schema with
// its RLS state and its policies; RLS on and off, and policies created, edited and deleted — each write shows its
// exact SQL before it runs. A paused project shows the paused card, as the other project pages do.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import type { PolicyOrigin } from '../../../machines/policy-editor.machine.ts';
import { policyPageRead } from '../../actors/auth-policies.ts';
import type { Project } from '../../api/types.ts';
import {
  DEFAULT_POLICY_SCHEMA,
  POLICIES_TEXT,
  canManagePolicies,
  deletePolicyScript,
  draftFromPolicy,
  emptyPolicyDraft,
  filterPolicyTables,
  rlsConfirmTitle,
  setRlsScript,
  type PolicyDraft,
  type PolicyTable,
} from '../../domain/auth-policies.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTaskRead } from '../shared/useTask.ts';
import { SqlDialog } from '../shared/SqlDialog.tsx';
import { PolicyEditorDialog } from './PolicyEditorDialog.tsx';
import { PolicyTableCard } from './PolicyTableCard.tsx';
import * as css from './AuthPolicies.css.ts';

export function AuthPoliciesPage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <AuthPolicies project={project} />;
}

/** A confirmation showing the SQL it runs (RLS on/off, delete a policy). */
interface ConfirmSql {
  title: string;
  description: string;
  query: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The toast once it ran. */
  done: string;
}

type Open = { kind: 'editor'; draft: PolicyDraft; origin: PolicyOrigin | null } | { kind: 'confirm'; confirm: ConfirmSql } | null;

export function AuthPolicies({ project }: { project: Project }) {
  const [schema, setSchema] = useState(DEFAULT_POLICY_SCHEMA);
  const [search, setSearch] = useState('');
  // Bumped after every write: the read runs again.
  const [version, setVersion] = useState(0);
  const read = useTaskRead(policyPageRead, { ref: project.ref, schema }, `${schema}\u0000${version}`);
  const canWrite = canManagePolicies(useProjectRole(project));
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => setVersion((v) => v + 1);
  const tables = read.data ? filterPolicyTables(read.data.tables, search) : [];
  const schemaOptions = (read.data?.schemas ?? [schema]).map((name) => ({ id: name, label: name }));

  const toggleRls = (table: PolicyTable) => {
    const enable = !table.rls_enabled;
    setOpen({
      kind: 'confirm',
      confirm: {
        title: rlsConfirmTitle(table.name, enable),
        description: enable
          ? 'With RLS enabled, the anon and authenticated roles reach only the rows your policies allow; without a policy, none.'
          : 'With RLS disabled, anyone with the anon key can read and write every row of this table.',
        query: setRlsScript(table.schema, table.name, enable).query,
        confirmLabel: enable ? POLICIES_TEXT.enableRls : POLICIES_TEXT.disableRls,
        destructive: !enable,
        done: `Row Level Security ${enable ? 'enabled' : 'disabled'} on ${table.name}`,
      },
    });
  };

  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>{POLICIES_TEXT.title}</h1>
          <p className={css.subtitle}>Row Level Security policies decide which rows each role may read and write.</p>
        </div>
      </header>
      <div className={css.toolbar}>
        <Select
          className={css.schema}
          label={POLICIES_TEXT.schema}
          options={schemaOptions}
          selectedKey={schema}
          onSelectionChange={(key) => key !== null && setSchema(String(key))}
        />
        <TextField className={css.search} label={POLICIES_TEXT.search} type="search" value={search} onChange={setSearch} />
      </div>
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve policies" error={read.error} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={4} />
      ) : tables.length === 0 ? (
        <EmptyState
          title={search.trim() === '' ? POLICIES_TEXT.noTables : POLICIES_TEXT.noTablesFound}
          description={search.trim() === '' ? `The schema ${schema} has no tables yet.` : `No table in ${schema} matches "${search.trim()}".`}
          level={2}
        />
      ) : (
        <ul className={css.tables} aria-label={`Tables in ${schema}`}>
          {tables.map((table) => (
            <PolicyTableCard
              key={table.name}
              table={table}
              canWrite={canWrite}
              onToggleRls={toggleRls}
              onCreate={(t) => setOpen({ kind: 'editor', draft: emptyPolicyDraft(t.schema, t.name), origin: null })}
              onEdit={(t, policy) => setOpen({ kind: 'editor', draft: draftFromPolicy(t, policy), origin: { schema: t.schema, table: t.name, name: policy.name } })}
              onDelete={(t, policy) =>
                setOpen({
                  kind: 'confirm',
                  confirm: {
                    title: `Delete policy ${policy.name}`,
                    description: `The policy is dropped from ${t.name}. This cannot be undone.`,
                    query: deletePolicyScript(t.schema, t.name, policy.name).query,
                    confirmLabel: POLICIES_TEXT.delete,
                    destructive: true,
                    done: `Policy "${policy.name}" deleted`,
                  },
                })
              }
            />
          ))}
        </ul>
      )}
      {open?.kind === 'editor' ? (
        <PolicyEditorDialog
          projectRef={project.ref}
          draft={open.draft}
          origin={open.origin}
          tables={(read.data?.tables ?? []).map((t) => t.name)}
          roles={read.data?.roles ?? []}
          onClose={() => setOpen(null)}
          onSaved={refresh}
        />
      ) : null}
      {open?.kind === 'confirm' ? (
        <SqlDialog
          projectRef={project.ref}
          title={open.confirm.title}
          description={open.confirm.description}
          script={{ query: open.confirm.query }}
          confirmLabel={open.confirm.confirmLabel}
          destructive={open.confirm.destructive}
          doneToast={open.confirm.done}
          onClose={() => setOpen(null)}
          onDone={refresh}
        />
      ) : null}
    </div>
  );
}
