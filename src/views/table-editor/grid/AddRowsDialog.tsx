// Bulk add rows (issue 14): rows typed or pasted as tab-separated lines (a spreadsheet's copy), from a chosen column
// rightwards, added as new rows in one transaction. The block goes to the rows machine as a paste past the last row,
// so the paste's one confirmation ('Paste N rows × M columns? N new rows will be added.') and its refusals apply.
import { useId, useState } from 'react';
import { canEditCell, firstInputColumn } from '../../../domain/table-editor/grid-cells.ts';
import type { ColumnInfo } from '../../../domain/table-editor/types.ts';
import { parseTsv } from '../../../domain/tsv.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, Modal } from '../../../ui/Dialog.tsx';
import { Select } from '../../../ui/Select.tsx';
import * as fieldStyles from '../../../ui/Field.css.ts';

export interface AddRowsDialogProps {
  isOpen: boolean;
  columns: readonly ColumnInfo[];
  onClose: () => void;
  /** The block and the index of its first column in `columns`. */
  onAdd: (block: string[][], startColumn: number) => void;
}

export function AddRowsDialog({ isOpen, columns, onClose, onAdd }: AddRowsDialogProps) {
  const [start, setStart] = useState(() => firstInputColumn(columns));
  const [text, setText] = useState('');
  const id = useId();
  const block = text.trim() === '' ? [] : parseTsv(text.replace(/\n+$/, ''));
  const width = Math.max(0, ...block.map((row) => row.length));
  const covered = columns.slice(start, start + Math.max(1, width)).map((column) => column.name);
  const tooWide = width > columns.length - start;
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog
        title="Add rows"
        description="Paste rows from a spreadsheet or type them, one per line, values separated by tabs."
        footer={
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', width: '100%' }}>
            <Button variant="default" size="tiny" onPress={onClose}>Cancel</Button>
            <Button
              variant="primary"
              size="tiny"
              isDisabled={block.length === 0 || tooWide}
              onPress={() => {
                onAdd(block, start);
                setText('');
              }}
            >
              {block.length > 0 ? `Add ${block.length.toLocaleString('en-US')} ${block.length === 1 ? 'row' : 'rows'}` : 'Add rows'}
            </Button>
          </div>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Select
            label="First column"
            selectedKey={String(start)}
            onSelectionChange={(key) => setStart(Number(key))}
            options={columns.map((column, i) => ({ id: String(i), label: column.name, isDisabled: !canEditCell(column) }))}
          />
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-rows`} className={fieldStyles.label}>Rows</label>
            <textarea
              id={`${id}-rows`}
              aria-describedby={`${id}-shape`}
              className={[fieldStyles.control, fieldStyles.mono].join(' ')}
              rows={8}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
            />
            <span id={`${id}-shape`} className={tooWide ? fieldStyles.error : fieldStyles.description} role={tooWide ? 'alert' : undefined}>
              {tooWide
                ? `The rows have ${width} values; only ${columns.length - start} columns are from ${columns[start]?.name ?? 'this column'} to the right`
                : block.length > 0
                  ? `${block.length.toLocaleString('en-US')} ${block.length === 1 ? 'row' : 'rows'} into ${covered.join(', ')}. An empty value is NULL (empty text in a text column).`
                  : 'Columns left out take their defaults.'}
            </span>
          </div>
        </div>
      </Dialog>
    </Modal>
  );
}
