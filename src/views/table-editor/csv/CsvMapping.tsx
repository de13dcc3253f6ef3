// The mapping step of the CSV import: each CSV column (name, type its values suggest, sample values) → a table
// column (with its type) or 'Skip'; the header toggle; a preview of the first rows.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CsvImportMachine } from '../../../../machines/csv-import.machine.ts';
import {
  selectCsvTypes,
  selectHeader,
  selectHeaders,
  selectMapping,
  selectMappingProblem,
  selectPreviewRows,
} from '../../../../machines/csv-import.selectors.ts';
import { CSV_IMPORT_POLICY, importableColumns } from '../../../domain/table-editor/csv.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import * as css from './CsvImport.css.ts';

const SKIP = '__skip__';
const PREVIEW_SHOWN = 5;

export function CsvMapping({ actor, table }: { actor: ActorRefFrom<CsvImportMachine>; table: TableMeta }) {
  const headers = useSelector(actor, selectHeaders);
  const types = useSelector(actor, selectCsvTypes);
  const mapping = useSelector(actor, selectMapping);
  const header = useSelector(actor, selectHeader);
  const rows = useSelector(actor, selectPreviewRows);
  const problem = useSelector(actor, selectMappingProblem);
  const columns = importableColumns(table.columns);
  const options = [{ id: SKIP, label: 'Skip this column' }, ...columns.map((c) => ({ id: c.name, label: `${c.name} (${c.format})` }))];

  return (
    <>
      <Switch isSelected={header} onChange={() => actor.send({ type: 'header.toggle' })}>
        First row is a header
      </Switch>
      <div className={css.scroll}>
        <table className={css.table} aria-label="Column mapping">
          <thead>
            <tr>
              <th className={css.headCell}>CSV column</th>
              <th className={css.headCell}>Values look like</th>
              <th className={css.headCell}>Import into</th>
              <th className={css.headCell}>Sample</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((name, index) => (
              <tr key={index}>
                <td className={css.cell} title={name}>{name}</td>
                <td className={css.cell}><span className={css.mono}>{types[index]}</span></td>
                <td className={css.cell}>
                  <Select
                    aria-label={`Table column for ${name}`}
                    options={options}
                    value={mapping[index] ?? SKIP}
                    onChange={(key) => key !== null && actor.send({ type: 'mapping.set', index, column: key === SKIP ? null : String(key) })}
                  />
                </td>
                <td className={css.cell} title={rows[0]?.[index] ?? ''}>{rows.slice(0, 2).map((row) => row[index] ?? '').join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? <p role="alert" className={css.hint}>{problem}</p> : null}
      <div className={css.scroll}>
        <table className={css.table} aria-label="Preview of the first rows">
          <thead>
            <tr>{headers.map((name, index) => <th key={index} className={css.headCell}>{name}</th>)}</tr>
          </thead>
          <tbody>
            {rows.slice(0, PREVIEW_SHOWN).map((row, r) => (
              <tr key={r}>{headers.map((_, index) => <td key={index} className={css.cell}>{row[index] ?? ''}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={css.hint}>{CSV_IMPORT_POLICY}</p>
    </>
  );
}
