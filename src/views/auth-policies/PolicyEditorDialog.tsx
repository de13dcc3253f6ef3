// The policy editor (spec A2.7 policies, issue 18; machines/policy-editor.machine.ts): name, table, command, roles,
// USING / WITH CHECK (only those the command takes), permissive or restrictive, templates that fill the form; then
// the exact SQL to review before it runs. Postgres's error comes back on the form, nothing typed lost.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { policyEditorFor } from '../../actors/auth-policies.ts';
import {
  selectPolicyDraft,
  selectPolicyError,
  selectPolicyIsEdit,
  selectPolicySaving,
  selectPolicySql,
} from '../../../machines/policy-editor.selectors.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import {
  POLICIES_TEXT,
  POLICY_COMMANDS,
  POLICY_TEMPLATES,
  takesUsing,
  takesWithCheck,
  type PolicyCommand,
  type PolicyDraft,
} from '../../domain/auth-policies.ts';
import type { PolicyOrigin } from '../../../machines/policy-editor.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import * as css from './AuthPolicies.css.ts';

const COMMAND_OPTIONS = POLICY_COMMANDS.map((id) => ({ id, label: id }));
const BEHAVIOUR_OPTIONS = [
  { id: 'permissive', label: 'Permissive' },
  { id: 'restrictive', label: 'Restrictive' },
];

export interface PolicyEditorDialogProps {
  projectRef: string;
  draft: PolicyDraft;
  origin: PolicyOrigin | null;
  tables: readonly string[];
  roles: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

export function PolicyEditorDialog({ projectRef, draft: initial, origin, tables, roles, onClose, onSaved }: PolicyEditorDialogProps) {
  const editor = useActorRef(policyEditorFor(projectRef), { input: { draft: initial, origin }, inspect: devInspect });
  const latest = useRef({ onClose, onSaved });
  useEffect(() => {
    latest.current = { onClose, onSaved };
  });
  useEffect(() => {
    // The machine says once that the policy was saved (DESIGN §3: outcomes as events, not a flag watched here).
    const saved = editor.on('policy.saved', (event) => {
      toast.success(`Policy "${event.name}" saved`);
      latest.current.onClose();
      latest.current.onSaved();
    });
    return () => saved.unsubscribe();
  }, [editor]);
  const draft = useSelector(editor, selectPolicyDraft);
  const sql = useSelector(editor, selectPolicySql);
  const error = useSelector(editor, selectPolicyError);
  const saving = useSelector(editor, selectPolicySaving);
  const isEdit = useSelector(editor, selectPolicyIsEdit);
  const change = (patch: Partial<PolicyDraft>) => editor.send({ type: 'policy.change', patch });
  const title = isEdit ? `Edit policy ${origin?.name ?? ''}` : `${POLICIES_TEXT.createPolicy} on ${draft.table}`;

  return (
    <Modal isOpen onOpenChange={(open) => !open && !saving && onClose()} size="large" isDismissable={false}>
      <Dialog
        title={title}
        description={sql === null ? 'A policy decides which rows each role may read and write.' : 'Review the SQL that will run on your database.'}
        hideCloseButton={saving}
        footer={
          sql === null ? (
            <>
              <Button variant="default" size="tiny" onPress={onClose}>Cancel</Button>
              <Button variant="primary" size="tiny" onPress={() => editor.send({ type: 'policy.review' })}>{POLICIES_TEXT.review}</Button>
            </>
          ) : (
            <>
              <Button variant="default" size="tiny" onPress={() => editor.send({ type: 'policy.back' })} isDisabled={saving}>{POLICIES_TEXT.back}</Button>
              <Button variant="primary" size="tiny" isPending={saving} onPress={() => editor.send({ type: 'policy.save' })}>{POLICIES_TEXT.save}</Button>
            </>
          )
        }
      >
        {sql === null ? (
          <PolicyForm draft={draft} tables={tables} roles={roles} error={error} onChange={change} onTemplate={(id) => {
            const template = POLICY_TEMPLATES.find((t) => t.id === id);
            if (template) editor.send({ type: 'policy.template', template });
          }} />
        ) : (
          <div className={css.form}>
            <p className={css.hint}>{isEdit ? 'The policy is dropped and created again in one transaction:' : 'This SQL will run on your database:'}</p>
            <pre className={css.sql} aria-label="SQL to run">{sql}</pre>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}

function PolicyForm({
  draft,
  tables,
  roles,
  error,
  onChange,
  onTemplate,
}: {
  draft: PolicyDraft;
  tables: readonly string[];
  roles: readonly string[];
  error: string | null;
  onChange: (patch: Partial<PolicyDraft>) => void;
  onTemplate: (id: string) => void;
}) {
  const tableOptions = tables.map((name) => ({ id: name, label: name }));
  const toggleRole = (role: string, on: boolean) =>
    onChange({ roles: on ? [...draft.roles, role] : draft.roles.filter((r) => r !== role) });
  return (
    <div className={css.form}>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Templates</legend>
        <div className={css.templates}>
          {POLICY_TEMPLATES.map((template) => (
            <Button key={template.id} variant="outline" size="tiny" onPress={() => onTemplate(template.id)}>{template.name}</Button>
          ))}
        </div>
      </fieldset>
      <TextField label="Policy name" value={draft.name} onChange={(name) => onChange({ name })} isRequired />
      <div className={css.row}>
        <Select
          className={css.grow}
          label="Table"
          options={tableOptions}
          selectedKey={draft.table}
          onSelectionChange={(key) => key !== null && onChange({ table: String(key) })}
        />
        <Select
          className={css.grow}
          label="Policy command"
          options={COMMAND_OPTIONS}
          selectedKey={draft.command}
          onSelectionChange={(key) => key !== null && onChange({ command: key as PolicyCommand })}
        />
        <Select
          className={css.grow}
          label="Policy behavior"
          options={BEHAVIOUR_OPTIONS}
          selectedKey={draft.permissive ? 'permissive' : 'restrictive'}
          onSelectionChange={(key) => key !== null && onChange({ permissive: key === 'permissive' })}
        />
      </div>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Target roles</legend>
        <div className={css.roles}>
          {roles.map((role) => (
            <label key={role} className={css.check}>
              <input type="checkbox" checked={draft.roles.includes(role)} onChange={(e) => toggleRole(role, e.currentTarget.checked)} />
              {role}
            </label>
          ))}
        </div>
        <p className={css.hint}>{draft.roles.length === 0 ? 'No role chosen: the policy applies to all roles (public).' : `Applies to: ${draft.roles.join(', ')}`}</p>
      </fieldset>
      {takesUsing(draft.command) ? (
        <TextField
          label="USING expression"
          description="Rows for which this is true are visible (and may be updated or deleted)."
          multiline
          monospace
          rows={3}
          value={draft.using}
          onChange={(using) => onChange({ using })}
        />
      ) : null}
      {takesWithCheck(draft.command) ? (
        <TextField
          label="WITH CHECK expression"
          description="New and updated rows must make this true."
          multiline
          monospace
          rows={3}
          value={draft.withCheck}
          onChange={(withCheck) => onChange({ withCheck })}
        />
      ) : null}
      <p className={css.hint}>
        {draft.command === 'INSERT' ? 'INSERT policies take only a WITH CHECK expression.' : null}
        {draft.command === 'SELECT' || draft.command === 'DELETE' ? `${draft.command} policies take only a USING expression.` : null}
      </p>
      {error ? <p role="alert" className={css.alert}>{error}</p> : null}
    </div>
  );
}
