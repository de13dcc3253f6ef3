import * as styles from './Spinner.css.ts';

export interface SpinnerProps {
  size?: number;
  /** The accessible name, e.g. 'Loading projects'. */
  label?: string;
}

/**
 * An indeterminate progress indicator (role progressbar, no value) with an accessible label. Plain markup, the same
 * react-aria's indeterminate ProgressBar renders: the project layout's loading screen shows it on a first load, where
 * react-aria's code would be loaded for this alone (issue 15: first-load JavaScript).
 */
export function Spinner({ size = 16, label = 'Loading' }: SpinnerProps) {
  return (
    <div role="progressbar" aria-label={label}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </div>
  );
}
