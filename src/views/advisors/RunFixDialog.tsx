// 'Run fix' (issue 19): the finding's SQL shown before it runs; that very text runs as a task, and Postgres's error
// shows verbatim in the dialog.
import { lintFixTask } from '../../actors/advisors.ts';
import type { AdvisorLint } from '../../domain/advisors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './Advisors.css.ts';

export function RunFixDialog({ projectRef, lint, onClose, onDone }: { projectRef: string; lint: AdvisorLint; onClose: () => void; onDone: () => void }) {
  const task = useTask(lintFixTask, {
    onDone: (label) => {
      toast.success(label);
      onClose();
      onDone();
    },
  });
  return (
    <Modal isOpen onOpenChange={(open) => !open && !task.running && onClose()} size="medium">
      <Dialog
        title={`Fix: ${lint.title}`}
        description={lint.detail}
        hideCloseButton={task.running}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button variant="primary" size="tiny" isPending={task.running} onPress={() => task.run({ ref: projectRef, lint })}>
              Run this SQL
            </Button>
          </>
        }
      >
        <div className={css.form}>
          <p className={css.muted}>This SQL will run on your database:</p>
          <pre className={css.sql} aria-label="SQL to run">{lint.remediation}</pre>
          {task.error ? <p role="alert" className={css.alert}>{task.error}</p> : null}
        </div>
      </Dialog>
    </Modal>
  );
}
