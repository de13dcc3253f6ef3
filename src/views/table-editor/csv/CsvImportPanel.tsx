// The 'Import CSV' side panel of the table editor (issue 6, spec B2.1): pick a file, check the preview and the
// column mapping, import with a progress bar and Cancel, then read the summary with every refused line. Driven by
// the csv-import machine; the panel host renders it for ui.importCsv.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { csvImportMachineFor } from '../../../actors/csv-import.ts';
import {
  selectBytesRead,
  selectError,
  selectFile,
  selectIsCancelling,
  selectMappingProblem,
  selectProgress,
  selectRejected,
  selectRowsInserted,
  selectStep,
} from '../../../../machines/csv-import.selectors.ts';
import { CSV_IMPORT_POLICY, CSV_MAX_REJECTED_ROWS, importableColumns } from '../../../domain/table-editor/csv.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import * as css from './CsvImport.css.ts';
import { CsvMapping } from './CsvMapping.tsx';
import { devInspect } from '../../../dev/live-inspect.ts';

export interface CsvImportPanelProps {
  projectRef: string;
  /** The table to import into (the grid's table). */
  table: TableMeta;
  onClose: () => void;
  /** Called after rows were inserted, so the grid refreshes. */
  onImported: (rows: number) => void;
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function CsvImportPanel({ projectRef, table, onClose, onImported }: CsvImportPanelProps) {
  const [machine] = useState(() => csvImportMachineFor(projectRef));
  const actor = useActorRef(machine, { input: { schema: table.schema, table: table.name, columns: importableColumns(table.columns) }, inspect: devInspect });
  const step = useSelector(actor, selectStep);
  const file = useSelector(actor, selectFile);
  const error = useSelector(actor, selectError);
  const problem = useSelector(actor, selectMappingProblem);
  const rows = useSelector(actor, selectRowsInserted);
  const finished = step === 'done' || step === 'failed' || step === 'cancelled';

  // The host closes the panel when told rows were imported: only once the user has read the summary.
  const close = () => (finished && rows > 0 ? onImported(rows) : onClose());

  return (
    <Sheet side="right" title={`Import CSV into ${table.name}`} isOpen onOpenChange={(open) => !open && step !== 'importing' && close()}>
      <div className={css.body}>
        {step === 'choosing' ? (
          <>
            <label className={css.hint} htmlFor="csv-import-file">
              Choose a CSV file. Its first rows are shown before anything is imported.
            </label>
            <input
              id="csv-import-file"
              className={css.fileInput}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                if (picked) actor.send({ type: 'file.choose', file: picked });
              }}
            />
            {error ? <p role="alert" className={css.hint}>{error}</p> : null}
          </>
        ) : null}
        {step === 'previewing' ? <Spinner label={`Reading ${file?.name ?? 'the file'}`} /> : null}
        {step === 'mapping' ? (
          <>
            <p className={css.hint}>{file ? `${file.name} · ${megabytes(file.size)}` : null}</p>
            <CsvMapping actor={actor} table={table} />
          </>
        ) : null}
        {step === 'importing' ? <Progress actor={actor} /> : null}
        {finished ? <Summary actor={actor} projectRef={projectRef} /> : null}

        <div className={css.footer}>
          {step === 'mapping' ? (
            <>
              <Button onPress={onClose}>Cancel</Button>
              <Button variant="primary" isDisabled={problem !== null} onPress={() => actor.send({ type: 'import.start' })}>
                Import rows
              </Button>
            </>
          ) : null}
          {step === 'importing' ? <CancelButton actor={actor} /> : null}
          {finished ? (
            <>
              <Button onPress={() => actor.send({ type: 'import.reset' })}>Import another file</Button>
              <Button variant="primary" onPress={close}>Done</Button>
            </>
          ) : null}
          {step === 'choosing' || step === 'previewing' ? <Button onPress={onClose}>Cancel</Button> : null}
        </div>
      </div>
    </Sheet>
  );
}

type Actor = ReturnType<typeof useActorRef<ReturnType<typeof csvImportMachineFor>>>;

function CancelButton({ actor }: { actor: Actor }) {
  const cancelling = useSelector(actor, selectIsCancelling);
  return (
    <Button variant="danger" isPending={cancelling} isDisabled={cancelling} onPress={() => actor.send({ type: 'import.cancel' })}>
      {cancelling ? 'Cancelling after this batch…' : 'Cancel import'}
    </Button>
  );
}

function Progress({ actor }: { actor: Actor }) {
  const progress = useSelector(actor, selectProgress);
  const rows = useSelector(actor, selectRowsInserted);
  const read = useSelector(actor, selectBytesRead);
  const file = useSelector(actor, selectFile);
  const rejected = useSelector(actor, selectRejected);
  return (
    <>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className={css.progressTrack}
      >
        <div className={css.progressFill} style={{ width: `${progress}%` }} />
      </div>
      <p className={css.hint} aria-live="polite">
        {`${count(rows)} rows imported · ${megabytes(read)} of ${megabytes(file?.size ?? 0)} read · ${Math.floor(progress)} %`}
      </p>
      <RejectedLines rejected={rejected} />
    </>
  );
}

function RejectedLines({ rejected }: { rejected: ReturnType<typeof selectRejected> }) {
  if (rejected.length === 0) return null;
  return (
    <>
      <p className={css.hint}>{`${rejected.length === CSV_MAX_REJECTED_ROWS ? `${CSV_MAX_REJECTED_ROWS} (the limit)` : rejected.length} line${rejected.length === 1 ? '' : 's'} not imported:`}</p>
      <ul className={css.errors} aria-label="Lines not imported">
        {rejected.map((entry, index) => (
          <li key={index}>{`Line ${entry.line}: ${entry.message}`}</li>
        ))}
      </ul>
    </>
  );
}

function Summary({ actor, projectRef }: { actor: Actor; projectRef: string }) {
  const step = useSelector(actor, selectStep);
  const rows = useSelector(actor, selectRowsInserted);
  const rejected = useSelector(actor, selectRejected);
  const error = useSelector(actor, selectError);
  const kept = rows > 0 ? ` The ${count(rows)} rows imported before that stay in the table.` : '';
  return (
    <>
      {step === 'done' ? (
        <p className={css.summary} role="status">{`Imported ${count(rows)} row${rows === 1 ? '' : 's'}${rejected.length ? `; ${rejected.length} skipped` : ''}.`}</p>
      ) : null}
      {step === 'cancelled' ? <p className={css.summary} role="status">{`Import cancelled.${kept}`}</p> : null}
      {step === 'failed' ? <ErrorAlert subject={`The import stopped.${kept}`} error={error} projectRef={projectRef} /> : null}
      <RejectedLines rejected={rejected} />
      <p className={css.hint}>{CSV_IMPORT_POLICY}</p>
    </>
  );
}
