import { ProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css.ts';

export interface SpinnerProps {
  size?: number;
  /** The accessible name, e.g. 'Loading projects'. */
  label?: string;
}

/** An indeterminate progress indicator (role progressbar) with an accessible label. */
export function Spinner({ size = 16, label = 'Loading' }: SpinnerProps) {
  return (
    <ProgressBar isIndeterminate aria-label={label}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </ProgressBar>
  );
}
