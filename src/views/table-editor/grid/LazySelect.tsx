// A Select made real on intent (issue 25: opening a table). The grid's filter form shows two Selects from the first
// render (column, operator); a react-aria Select renders its options into a hidden collection, a hidden native
// select and a closed popover, all before the first row is painted. Until the pointer comes over it, it takes focus or
// is pressed, a stand-in with the Select's look (its field, label, trigger and value) is shown; then the real Select
// replaces it, open when the stand-in was pressed, focused when it had the focus.
import { useId } from 'react';
import { ChevronDownIcon } from '../../../ui/Icon.tsx';
import { Select, type SelectProps } from '../../../ui/Select.tsx';
import * as fieldStyles from '../../../ui/Field.css.ts';
import * as styles from '../../../ui/Select.css.ts';
import { useRealOnIntent } from '../../../ui/useRealOnIntent.ts';

export function LazySelect(props: SelectProps & { label: string }) {
  const { real, standIn } = useRealOnIntent(true);
  const id = useId();
  if (real) return <Select {...props} defaultOpen={real.open} autoFocus={real.focus || real.open} />;
  const { label, options, selectedKey, className } = props;
  const shown = options.find((option) => option.id === selectedKey)?.label ?? 'Select an item';
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
        {...standIn}
      >
        <span id={`${id}-value`} className={styles.value}>
          {shown}
        </span>
        <ChevronDownIcon size={14} className={styles.chevron} />
      </button>
    </div>
  );
}
