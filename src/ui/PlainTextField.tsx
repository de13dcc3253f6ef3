import { useId, useState, type ReactNode } from 'react';
import * as styles from './Field.css.ts';

export interface PlainTextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  name?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  maxLength?: number;
  isDisabled?: boolean;
  autoFocus?: boolean;
  monospace?: boolean;
}

/**
 * TextField's look on a native labelled <input>, without react-aria: for the screens of a first load (sign-in),
 * where react-aria's field code would be most of the page's script (issue 15). It sets the data attributes
 * Field.css.ts styles (data-hovered, data-focused, data-disabled).
 */
export function PlainTextField({ label, value, onChange, isDisabled, monospace, ...input }: PlainTextFieldProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <div className={styles.field} data-disabled={isDisabled || undefined}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className={[styles.control, monospace ? styles.mono : ''].filter(Boolean).join(' ')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={isDisabled}
        data-hovered={(hovered && !isDisabled) || undefined}
        data-focused={focused || undefined}
        data-disabled={isDisabled || undefined}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </div>
  );
}
