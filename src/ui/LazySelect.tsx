// A Select made real on intent (issue 25: opening a table). A react-aria Select renders its options into a hidden
// collection, a hidden native select and a closed popover, all before the first row is painted: the grid's filter form
// shows two from the first render (column, operator), the table list one (its sort). Until the pointer comes over it,
// it takes focus or is pressed, a stand-in with the Select's look (its field, label, trigger and value) is shown; then
// the real Select replaces it, open when the stand-in was pressed, focused when it had the focus.
import { useId } from 'react';
import { ChevronDownIcon } from './Icon.tsx';
import { Select, type SelectProps } from './Select.tsx';
import * as fieldStyles from './Field.css.ts';
import * as styles from './Select.css.ts';
import { useRealOnIntent } from './useRealOnIntent.ts';

/** A Select with a visible `label`, or named by `aria-label` alone (as the real one, its value comes first). */
export type LazySelectProps = SelectProps & ({ label: string } | { label?: undefined; 'aria-label': string });

export function LazySelect(props: LazySelectProps) {
  const { real, standIn } = useRealOnIntent(true);
  const id = useId();
  if (real) return <Select {...props} defaultOpen={real.open} autoFocus={real.focus || real.open} />;
  const { label, options, className } = props;
  const chosen = props.value !== undefined ? props.value : props.selectedKey;
  const shown = options.find((option) => option.id === chosen)?.label ?? 'Select an item';
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      {label !== undefined ? (
        <span id={`${id}-label`} className={fieldStyles.label}>
          {label}
        </span>
      ) : null}
      <button
        id={`${id}-trigger`}
        type="button"
        className={[fieldStyles.control, styles.trigger].join(' ')}
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-label={label === undefined ? props['aria-label'] : undefined}
        aria-labelledby={`${id}-value ${label !== undefined ? `${id}-label` : `${id}-trigger`}`}
        // Disabled, it stays the stand-in: nothing to choose, so nothing to make real.
        disabled={props.isDisabled}
        {...(props.isDisabled ? {} : standIn)}
      >
        <span id={`${id}-value`} className={styles.value}>
          {shown}
        </span>
        <ChevronDownIcon size={14} className={styles.chevron} />
      </button>
    </div>
  );
}
