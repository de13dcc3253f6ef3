// Create a trigger (spec A2.6, issue 19): table, events, before/after, for each row/statement, and a function
// returning trigger; the SQL is shown as the form changes.
import { useState } from 'react';
import { createTriggerSql, TRIGGER_EVENTS, TRIGGER_LEVELS, TRIGGER_TIMINGS, type TriggerDraft, type TriggerLevel, type TriggerTiming } from '../../../domain/database/triggers.ts';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export interface TriggerCreateProps {
  projectRef: string;
  initial: TriggerDraft;
  tables: readonly string[];
  functions: ReadonlyArray<{ schema: string; name: string }>;
  onClose: () => void;
  onDone: () => void;
}

const fnKey = (fn: { schema: string; name: string }) => `${fn.schema}.${fn.name}`;

export function TriggerCreateDialog({ projectRef, initial, tables, functions, onClose, onDone }: TriggerCreateProps) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof TriggerDraft>(key: K, value: TriggerDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const script = buildScript(() => createTriggerSql(draft));
  return (
    <SqlDialog
      projectRef={projectRef}
      title="Create a new trigger"
      script={script}
      confirmLabel="Create trigger"
      doneToast={`Trigger "${draft.name.trim()}" created`}
      onClose={onClose}
      onDone={onDone}
      size="large"
    >
      <div className={css.row}>
        <TextField className={css.grow} label="Name of trigger" value={draft.name} onChange={(v) => set('name', v)} autoFocus />
        <Select
          className={css.grow}
          label="Table"
          placeholder="Select a table"
          options={tables.map((t) => ({ id: t, label: t }))}
          selectedKey={draft.table || null}
          onSelectionChange={(key) => key !== null && set('table', String(key))}
        />
      </div>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Events</legend>
        <div className={css.checks}>
          {TRIGGER_EVENTS.map((event) => (
            <label key={event} className={css.check}>
              <input
                type="checkbox"
                checked={draft.events.includes(event)}
                onChange={(e) => set('events', e.currentTarget.checked ? [...draft.events, event] : draft.events.filter((x) => x !== event))}
              />
              {event}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={css.row}>
        <Select
          className={css.grow}
          label="Trigger type"
          options={TRIGGER_TIMINGS.map((t) => ({ id: t, label: t === 'BEFORE' ? 'Before the event' : 'After the event' }))}
          selectedKey={draft.timing}
          onSelectionChange={(key) => key !== null && set('timing', String(key) as TriggerTiming)}
        />
        <Select
          className={css.grow}
          label="Orientation"
          options={TRIGGER_LEVELS.map((l) => ({ id: l, label: l === 'ROW' ? 'For each row' : 'For each statement' }))}
          selectedKey={draft.level}
          onSelectionChange={(key) => key !== null && set('level', String(key) as TriggerLevel)}
        />
      </div>
      {functions.length === 0 ? (
        <p className={css.hint} role="status">No function returns trigger yet: create one on the Functions page (return type trigger) first.</p>
      ) : (
        <Select
          label="Function to execute"
          placeholder="Select a function"
          options={functions.map((fn) => ({ id: fnKey(fn), label: fnKey(fn) }))}
          selectedKey={draft.functionName ? fnKey({ schema: draft.functionSchema, name: draft.functionName }) : null}
          onSelectionChange={(key) => {
            const fn = functions.find((f) => fnKey(f) === key);
            if (fn) setDraft((d) => ({ ...d, functionSchema: fn.schema, functionName: fn.name }));
          }}
        />
      )}
    </SqlDialog>
  );
}
