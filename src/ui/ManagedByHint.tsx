import { Focusable } from 'react-aria-components';
import { managedByTooltip, partnerOf } from '../domain/partner.ts';
import { InfoIcon } from './Icon.tsx';
import { WithTooltip } from './Tooltip.tsx';
import * as styles from './ManagedByHint.css.ts';

/**
 * Beside a partner-managed organization's name: an icon whose tooltip reads 'This organization is managed by
 * {marketplace}' (spec A1). Nothing for organizations the product manages itself.
 */
export function ManagedByHint({ managedBy, inMenu }: { managedBy: string | null | undefined; inMenu?: boolean }) {
  const partner = partnerOf(managedBy);
  if (!partner) return null;
  const text = managedByTooltip(partner);
  // Inside a menu item focus belongs to the item: the browser's own tooltip (title) shows on hover, and the
  // text is part of the item's accessible description.
  if (inMenu) {
    return (
      <span title={text} aria-label={text} role="img" className={styles.hint} data-testid="managed-by-hint">
        <InfoIcon size={14} />
      </span>
    );
  }
  return (
    <WithTooltip content={text}>
      <Focusable>
        <span role="img" tabIndex={0} aria-label={text} className={styles.hint} data-testid="managed-by-hint">
          <InfoIcon size={14} />
        </span>
      </Focusable>
    </WithTooltip>
  );
}
