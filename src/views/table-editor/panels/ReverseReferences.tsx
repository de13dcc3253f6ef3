// 'Referenced by' of the edit-row panel (spec B2.1: reverse references listed): the tables whose foreign key points
// at this row, with how many of their rows do, each linking to that table filtered on the key.
import { useNavigate } from '@tanstack/react-router';
import { reverseCountsRead } from '../../../actors/table-editor-tasks.ts';
import { reverseReferences } from '../../../domain/table-editor/row-values.ts';
import type { Row, TableMeta } from '../../../domain/table-editor/types.ts';
import { serializeFilters } from '../../../domain/table-editor/url.ts';
import * as css from './Panels.css.ts';
import { useTaskRead } from '../../shared/useTask.ts';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function ReverseReferences({ projectRef, table, row, onNavigate }: { projectRef: string; table: TableMeta; row: Row; onNavigate: () => void }) {
  const references = reverseReferences(table, row);
  const navigate = useNavigate();
  const counts = useTaskRead(reverseCountsRead, { projectRef, references }, JSON.stringify([projectRef, references]));
  if (references.length === 0) return null;
  return (
    <section className={css.section} aria-label="Referenced by">
      <p className={css.sectionTitle}>Referenced by</p>
      {counts.error ? <p role="alert" className={css.hint}>{counts.error}</p> : null}
      <ul className={css.list}>
        {references.map((reference, index) => {
          const found = counts.data?.[index];
          const search = new URLSearchParams({
            schema: reference.schema,
            filter: serializeFilters([{ column: reference.column, operator: 'eq', value: String(reference.value) }]) ?? '',
          });
          const path = `/project/${encodeURIComponent(projectRef)}/editor/${found?.id ?? ''}?${search.toString()}`;
          return (
            <li key={`${reference.constraint}.${reference.column}`}>
              {found ? (
                <a
                  href={`${BASE}${path}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onNavigate();
                    void navigate({ href: path });
                  }}
                >
                  {reference.schema}.{reference.table}
                </a>
              ) : (
                <span>{reference.schema}.{reference.table}</span>
              )}{' '}
              <span className={css.mono}>({reference.column})</span>: {found ? `${found.count} ${found.count === 1 ? 'row' : 'rows'}` : '…'}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
