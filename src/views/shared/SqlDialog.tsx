// Every confirmation that runs SQL on the user's database: the Database pages' create/edit/delete (spec A2.6, issue
// 19), the policies' RLS on/off and delete (A2.7, issue 18) and the advisors' 'Run fix' (issue 19). A dialog that
// shows the exact SQL it will run (updated live while a form is filled in), runs that text as a task (machines/task.machine.ts: idle → running →
// done | failed), toasts when done and shows Postgres's error verbatim when it fails (the form keeps its inputs).
//
//   <SqlDialog
//     projectRef={project.ref}
//     title="Create a new function" description="…"          // description optional
//     script={built}            // { query } to run, or { problem: 'Please provide a name' } while the form is incomplete
//     confirmLabel="Create function" destructive?              // destructive: the red button (deletes)
//     doneToast="Function created"
//     onClose={() => setOpen(null)} onDone={refresh}           // onDone after the toast; the dialog closes itself
//     size="large"?                                            // forms with an editor
//     task={roleScriptTask} request={…}?                       // another way to run the SQL shown (Roles: the platform)
//   >
//     …form fields (optional; a plain confirmation has none)…
//   </SqlDialog>
import type { ReactNode } from 'react';
import type { TaskMachine } from '../../../machines/task.machine.ts';
import { sqlScriptTask } from '../../actors/sql-script.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from './useTask.ts';
import * as css from './SqlDialog.css.ts';

/** What a builder in src/domain/database/ answers: a script to run, or why the form cannot run yet. */
export type BuiltScript = { query: string } | { problem: string };

export interface SqlDialogProps {
  projectRef: string;
  title: string;
  description?: ReactNode;
  script: BuiltScript;
  confirmLabel: string;
  destructive?: boolean;
  doneToast: string;
  onClose: () => void;
  onDone: () => void;
  size?: 'medium' | 'large' | 'xlarge';
  children?: ReactNode;
  /** Runs the SQL shown another way than the query endpoint, given `request` with it (it must run exactly `query`). */
  task?: TaskMachine<ScriptRun, string>;
  request?: unknown;
}

export interface ScriptRun {
  ref: string;
  query: string;
  label: string;
  request?: unknown;
}

export function SqlDialog({ projectRef, title, description, script, confirmLabel, destructive, doneToast, onClose, onDone, size = 'medium', children, task: runner, request }: SqlDialogProps) {
  const task = useTask<ScriptRun, string>(runner ?? sqlScriptTask, {
    onDone: (label) => {
      toast.success(label);
      onClose();
      onDone();
    },
  });
  const query = 'query' in script ? script.query : null;
  return (
    <Modal isOpen onOpenChange={(open) => !open && !task.running && onClose()} size={size}>
      <Dialog
        title={title}
        description={description}
        hideCloseButton={task.running}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              size="tiny"
              isPending={task.running}
              isDisabled={query === null}
              onPress={() => query !== null && task.run({ ref: projectRef, query, label: doneToast, request })}
            >
              {confirmLabel}
            </Button>
          </>
        }
      >
        <div className={css.form}>
          {children}
          <p className={css.hint}>This SQL will run on your database:</p>
          {query !== null ? (
            <pre className={css.sql} aria-label="SQL to run">{query}</pre>
          ) : (
            <p className={css.hint} role="status">{'problem' in script ? script.problem : ''}</p>
          )}
          {task.error ? <p role="alert" className={css.alert}>{task.error}</p> : null}
        </div>
      </Dialog>
    </Modal>
  );
}

/** Turns a builder that throws on bad input into a BuiltScript (the thrown message is the problem shown). */
export function buildScript(build: () => { query: string }): BuiltScript {
  try {
    return build();
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
