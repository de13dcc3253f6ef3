import type { ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
  type ListBoxItemProps,
} from 'react-aria-components';
import { ChevronDownIcon } from './Icon.tsx';
import { Popover } from './Popover.tsx';
import * as fieldStyles from './Field.css.ts';
import * as selectStyles from './Select.css.ts';
import * as styles from './ComboBox.css.ts';

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T>, 'className' | 'children'> {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown when the field is invalid. */
  errorMessage?: string;
  placeholder?: string;
  monospace?: boolean;
  className?: string;
  /** The option of one item: a `ComboBoxItem`. */
  children: (item: T) => ReactNode;
  /** What the open list says when it has no option (loading, nothing found, a failure). */
  emptyText?: ReactNode;
}

/**
 * A text field with a list of suggestions (typed text filters, arrows move, Enter or a click picks, Escape closes),
 * styled like TextField and Select. Give `items` to filter elsewhere (e.g. on the server): they are listed as given.
 */
export function ComboBox<T extends object>({ label, description, errorMessage, placeholder, monospace, className, children, emptyText, ...props }: ComboBoxProps<T>) {
  return (
    <AriaComboBox {...props} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      {label ? <Label className={fieldStyles.label}>{label}</Label> : null}
      <div className={styles.group}>
        <Input className={[fieldStyles.control, styles.input, monospace ? fieldStyles.mono : ''].filter(Boolean).join(' ')} placeholder={placeholder} />
        <Button className={styles.button}>
          <ChevronDownIcon size={14} />
        </Button>
      </div>
      {description ? <Text slot="description" className={fieldStyles.description}>{description}</Text> : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover>
        <ListBox<T> className={selectStyles.listBox} renderEmptyState={emptyText === undefined ? undefined : () => <div className={styles.empty}>{emptyText}</div>}>
          {children}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

/** One option of a ComboBox; `textValue` is what the field shows once it is picked. */
export function ComboBoxItem(props: Omit<ListBoxItemProps, 'className'>) {
  return <ListBoxItem {...props} className={selectStyles.option} />;
}
