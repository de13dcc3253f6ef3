import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as styles from './Field.css.ts';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown when the field is invalid (isInvalid or failed validation). */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  monospace?: boolean;
  className?: string;
}

/** A labelled text input with optional description and error message, wired for assistive tech. */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows = 3, monospace, className, ...props }: TextFieldProps) {
  const controlClass = [styles.control, monospace ? styles.mono : ''].filter(Boolean).join(' ');
  return (
    <AriaTextField {...props} className={[styles.field, className].filter(Boolean).join(' ')}>
      {label ? <Label className={styles.label}>{label}</Label> : null}
      {multiline ? (
        <TextArea className={controlClass} placeholder={placeholder} rows={rows} />
      ) : (
        <Input className={controlClass} placeholder={placeholder} />
      )}
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
