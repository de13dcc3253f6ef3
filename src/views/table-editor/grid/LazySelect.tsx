// A Select made real on intent (issue 25: opening a table). The grid's filter form shows two Selects from the first
// render (column, operator); a react-aria Select renders its options into a hidden collection, a hidden native
// select and a closed popover, all before the first row is painted. Until the pointer comes over it, it takes focus or
// is pressed, a stand-in with the Select's look (its field, label, trigger and value) is shown; then the real Select
// replaces it, open when the stand-in was pressed, focused when it had the focus.
import { useId, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { ChevronDownIcon } from '../../../ui/Icon.tsx';
import { Select, type SelectProps } from '../../../ui/Select.tsx';
import * as fieldStyles from '../../../ui/Field.css.ts';
import * as styles from '../../../ui/Select.css.ts';

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

export function LazySelect(props: SelectProps & { label: string }) {
  const [real, setReal] = useState<{ open: boolean; focus: boolean } | null>(null);
  const id = useId();
  if (real) return <Select {...props} defaultOpen={real.open} autoFocus={real.focus || real.open} />;
  const { label, options, selectedKey, className } = props;
  const shown = options.find((option) => option.id === selectedKey)?.label ?? 'Select an item';
  // A hover or a focus swaps at once (flushSync below): its update would otherwise wait, and the press that follows land on the
  // stand-in, opening the real one just before its own click toggled it shut again (seen in e2e under load).
  const open = () => setReal({ open: true, focus: true });
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className={fieldStyles.label}>
        {label}
      </span>
      <button
        type="button"
        className={[fieldStyles.control, styles.trigger].join(' ')}
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-labelledby={`${id}-value ${id}-label`}
        onPointerEnter={() => flushSync(() => setReal({ open: false, focus: false }))}
        onFocus={() => flushSync(() => setReal({ open: false, focus: true }))}
        // A press counts from the pointer going down (a touch has no hover before it).
        onPointerDown={(event) => event.button === 0 && open()}
        onClick={open}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          open();
        }}
      >
        <span id={`${id}-value`} className={styles.value}>
          {shown}
        </span>
        <ChevronDownIcon size={14} className={styles.chevron} />
      </button>
    </div>
  );
}
