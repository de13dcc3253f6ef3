import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon } from './Icon.tsx';
import { Popover } from './Popover.tsx';
import * as fieldStyles from './Field.css.ts';
import * as styles from './Select.css.ts';

export interface SelectOption {
  id: Key;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, 'className' | 'children' | 'selectionMode'> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  options: readonly SelectOption[];
  className?: string;
}

/** A single-choice dropdown with a label: type-ahead, arrow keys, Enter to pick, Escape to close. */
export function Select({ label, description, errorMessage, options, className, ...props }: SelectProps) {
  const disabledKeys = options.filter((o) => o.isDisabled).map((o) => o.id);
  return (
    <AriaSelect {...props} disabledKeys={props.disabledKeys ?? disabledKeys} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      {label ? <Label className={fieldStyles.label}>{label}</Label> : null}
      <Button className={[fieldStyles.control, styles.trigger].join(' ')}>
        <SelectValue className={styles.value} />
        <ChevronDownIcon size={14} className={styles.chevron} />
      </Button>
      {description ? <Text slot="description" className={fieldStyles.description}>{description}</Text> : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover>
        <ListBox items={options} className={styles.listBox}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.option}>
              {({ isSelected }) => (
                <>
                  {option.label}
                  {isSelected ? <CheckIcon size={14} className={styles.check} /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
