// The SQL editor's "Save as migration" (spec A2.6 "Migrations", issue 19): the editor's text (or its selection) is
// applied as a migration — run in one transaction with its record in the project's migration history, so a failing
// statement leaves nothing applied and nothing recorded — under a name the member gives. The SQL is shown first.
import { useState } from 'react';
import { applyMigrationTask } from '../../actors/database-admin.ts';
import { migrationNameProblem, MIGRATIONS_TEXT, suggestMigrationName, transactionControlIn } from '../../domain/database/migrations.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './SaveAsMigrationDialog.css.ts';

export function SaveAsMigrationDialog({ projectRef, sql, snippetName, onClose }: { projectRef: string; sql: string; snippetName: string; onClose: () => void }) {
  const [name, setName] = useState(() => suggestMigrationName(snippetName));
  const task = useTask(applyMigrationTask, {
    onDone: (label) => {
      toast.success(label);
      onClose();
    },
  });
  const problem = sql.trim() === '' ? 'The editor is empty' : (migrationNameProblem(name) ?? (transactionControlIn(sql) ? `Remove ${transactionControlIn(sql)}: a migration runs in one transaction of its own` : null));
  return (
    <Modal isOpen onOpenChange={(open) => !open && !task.running && onClose()} size="large">
      <Dialog
        title={MIGRATIONS_TEXT.saveAsMigration}
        description="The SQL runs in one transaction and is recorded in the project's migration history (Database → Migrations). If a statement fails, nothing is applied."
        hideCloseButton={task.running}
        footer={
          <>
            <Button variant="default" size="tiny" onPress={onClose} isDisabled={task.running}>Cancel</Button>
            <Button variant="primary" size="tiny" isPending={task.running} isDisabled={problem !== null} onPress={() => task.run({ ref: projectRef, name: name.trim(), query: sql })}>
              Apply migration
            </Button>
          </>
        }
      >
        <div className={css.form}>
          <TextField label="Migration name" value={name} onChange={setName} autoFocus />
          {problem ? <p role="status" className={css.hint}>{problem}</p> : null}
          <p className={css.hint}>This SQL will run on your database:</p>
          <pre className={css.sql} aria-label="SQL to run">{sql}</pre>
          {task.error ? <p role="alert" className={css.error}>{task.error}</p> : null}
        </div>
      </Dialog>
    </Modal>
  );
}
