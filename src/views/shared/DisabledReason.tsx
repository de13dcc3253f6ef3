// A disabled control that still says why on hover and keyboard focus (spec A6 tooltips): disabled buttons take no
// focus, so the tooltip hangs on a focusable wrapper, named by the reason (the ManagedByHint pattern: react-aria's
// Focusable wants a role it can describe; the visible button label stays on screen).
import type { ReactNode } from 'react';
import { Focusable, WithTooltip } from '../../ui/Tooltip.tsx';

export function DisabledReason({ reason, children, testId }: { reason: string; children: ReactNode; testId?: string }) {
  return (
    <WithTooltip content={reason} delay={0}>
      <Focusable>
        <span role="img" tabIndex={0} aria-label={reason} data-testid={testId} style={{ display: 'inline-flex' }}>
          {children}
        </span>
      </Focusable>
    </WithTooltip>
  );
}

/** `children` as is when allowed, else disabled-looking with the reason in a tooltip. */
export function AllowedOr({ allowed, reason, children, testId }: { allowed: boolean; reason: string; children: ReactNode; testId?: string }) {
  return allowed ? <>{children}</> : <DisabledReason reason={reason} testId={testId}>{children}</DisabledReason>;
}
