// Plain selectors of the CSV import actor.
import type { SnapshotFrom } from 'xstate';
import { csvHeaders, inferCsvType, mappingProblem, progressPercent, type CsvValueType } from '../src/domain/table-editor/csv.ts';
import type { CsvImportMachine } from './csv-import.machine.ts';

export type CsvImportSnapshot = SnapshotFrom<CsvImportMachine>;

export type CsvImportStep = 'choosing' | 'previewing' | 'mapping' | 'importing' | 'done' | 'failed' | 'cancelled';

export function selectStep(s: CsvImportSnapshot): CsvImportStep {
  for (const step of ['previewing', 'mapping', 'importing', 'done', 'failed', 'cancelled'] as const) if (s.matches(step)) return step;
  return 'choosing';
}

/** CSV column names (from the header row, or column_1…). */
export const selectHeaders = (s: CsvImportSnapshot): string[] => csvHeaders(s.context.previewRows[0] ?? [], s.context.header);

/** The data rows of the preview (the header row left out when there is one). */
export const selectPreviewRows = (s: CsvImportSnapshot): string[][] => s.context.previewRows.slice(s.context.header ? 1 : 0);

/** The type each CSV column's preview values suggest. */
export const selectCsvTypes = (s: CsvImportSnapshot): CsvValueType[] => {
  const rows = selectPreviewRows(s);
  return selectHeaders(s).map((_, index) => inferCsvType(rows.map((row) => row[index] ?? '')));
};

export const selectMapping = (s: CsvImportSnapshot) => s.context.mapping;
export const selectMappingProblem = (s: CsvImportSnapshot): string | null => mappingProblem(s.context.mapping);
export const selectHeader = (s: CsvImportSnapshot) => s.context.header;
export const selectFile = (s: CsvImportSnapshot) => s.context.file;

/** Percent of the file whose rows are committed (never decreases during an import, at most 100). */
export const selectProgress = (s: CsvImportSnapshot): number => progressPercent(s.context.bytesDone, s.context.file?.size ?? 0);
export const selectBytesRead = (s: CsvImportSnapshot) => s.context.bytesRead;
export const selectRowsInserted = (s: CsvImportSnapshot) => s.context.rowsInserted;
export const selectRejected = (s: CsvImportSnapshot) => s.context.rejected;
export const selectError = (s: CsvImportSnapshot) => s.context.error;
export const selectIsCancelling = (s: CsvImportSnapshot) => s.matches('importing') && s.context.cancelRequested;
/** Batches being inserted right now (0 or 1). */
export const selectBatchesInFlight = (s: CsvImportSnapshot): number => (s.matches({ importing: 'inserting' }) ? 1 : 0);
