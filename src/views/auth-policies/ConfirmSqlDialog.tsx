// A confirmation that shows the exact SQL before it runs (RLS on/off, delete a policy; spec A2.7 policies, issue 18):
// the script is built once, shown, and that text runs as a task; Postgres's error shows verbatim in the dialog.
import { policyScriptTask } from '../../actors/auth-policies.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './AuthPolicies.css.ts';

export interface ConfirmSql {
  title: string;
  description: string;
  query: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The toast once it ran. */
  done: string;
}

export function ConfirmSqlDialog({ projectRef, confirm, onClose, onDone }: { projectRef: string; confirm: ConfirmSql; onClose: () => void; onDone: () => void }) {
  const task = useTask(policyScriptTask, {
    onDone: (label) => {
      toast.success(label);
      onClose();
      onDone();
    },
  });
  return (
    <Modal isOpen onOpenChange={(open) => !open && !task.running && onClose()} size="medium">
      <Dialog
        title={confirm.title}
        description={confirm.description}
        hideCloseButton={task.running}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button
              variant={confirm.destructive ? 'danger' : 'primary'}
              size="tiny"
              isPending={task.running}
              onPress={() => task.run({ ref: projectRef, query: confirm.query, label: confirm.done })}
            >
              {confirm.confirmLabel}
            </Button>
          </>
        }
      >
        <div className={css.form}>
          <p className={css.hint}>This SQL will run on your database:</p>
          <pre className={css.sql} aria-label="SQL to run">{confirm.query}</pre>
          {task.error ? <p role="alert" className={css.alert}>{task.error}</p> : null}
        </div>
      </Dialog>
    </Modal>
  );
}
