import { useId, useState, type ReactNode } from 'react';
import * as styles from './Tooltip.css.ts';

/**
 * A disabled control that says why on hover and keyboard focus, without react-aria (for the shell's first load,
 * issue 15: react-aria's tooltip brought its overlay positioning and press handling into every signed-in page).
 * Disabled buttons take no focus, so a focusable wrapper named by the reason carries it (as DisabledReason does);
 * the reason shows below it while the pointer is over it or it has focus, and Escape hides it.
 */
export function PlainHint({ reason, children, testId }: { reason: string; children: ReactNode; testId?: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const id = useId();
  const shown = (hovered || focused) && !dismissed;
  return (
    <span
      className={styles.plainAnchor}
      onPointerEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      <span
        role="img"
        tabIndex={0}
        aria-label={reason}
        data-testid={testId}
        style={{ display: 'inline-flex' }}
        onFocus={() => {
          setDismissed(false);
          setFocused(true);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        {children}
      </span>
      {shown ? (
        <span role="tooltip" id={id} className={`${styles.tooltip} ${styles.plainBelow}`}>
          {reason}
        </span>
      ) : null}
    </span>
  );
}
