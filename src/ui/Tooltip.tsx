import type { ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
  type TooltipTriggerComponentProps,
} from 'react-aria-components';
import * as styles from './Tooltip.css.ts';

export { TooltipTrigger, Focusable } from 'react-aria-components';

export interface TooltipProps extends Omit<AriaTooltipProps, 'className' | 'children'> {
  children: ReactNode;
}

/** The floating label of a TooltipTrigger; shows on hover (after a delay) and on keyboard focus. */
export function Tooltip({ children, offset = 6, ...props }: TooltipProps) {
  return (
    <AriaTooltip {...props} offset={offset} className={styles.tooltip}>
      <OverlayArrow>
        <svg width={8} height={8} viewBox="0 0 8 8" className={styles.arrow}><path d="M0 0 L4 4 L8 0" /></svg>
      </OverlayArrow>
      {children}
    </AriaTooltip>
  );
}

export interface WithTooltipProps extends Omit<TooltipTriggerComponentProps, 'children'> {
  /** A focusable react-aria element (Button, Link, or wrapped in Focusable). */
  children: ReactNode;
  content: ReactNode;
  placement?: AriaTooltipProps['placement'];
}

/** Shorthand: `<WithTooltip content="…"><Button/></WithTooltip>`. */
export function WithTooltip({ children, content, placement = 'top', delay = 400, ...props }: WithTooltipProps) {
  return (
    <TooltipTrigger delay={delay} {...props}>
      {children}
      <Tooltip placement={placement}>{content}</Tooltip>
    </TooltipTrigger>
  );
}
