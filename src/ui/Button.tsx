import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { button, icon as iconClass, pendingIcon, type ButtonVariants } from './Button.css.ts';

interface ButtonLookProps {
  /** primary | default | outline | ghost | danger */
  variant?: ButtonVariants['variant'];
  /** tiny | small | medium */
  size?: ButtonVariants['size'];
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** Icon shown after the label. */
  iconRight?: ReactNode;
  /** Stretch to the container width. */
  block?: boolean;
  children?: ReactNode;
  className?: string;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLookProps {}

function Content({ icon, iconRight, children, isPending }: ButtonLookProps & { isPending?: boolean }) {
  return (
    <>
      {isPending ? <span className={pendingIcon} aria-hidden /> : icon ? <span className={iconClass} aria-hidden>{icon}</span> : null}
      {children}
      {iconRight ? <span className={iconClass} aria-hidden>{iconRight}</span> : null}
    </>
  );
}

function classes({ variant, size, block, icon, iconRight, children, className }: ButtonLookProps) {
  const iconOnly = children === undefined && Boolean(icon ?? iconRight);
  return [button({ variant, size, block, iconOnly }), className].filter(Boolean).join(' ');
}

/** A react-aria Button: activates on Enter/Space/press; `isPending` shows a spinner and keeps focus. */
export function Button({ variant, size, icon, iconRight, block, children, className, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={classes({ variant, size, block, icon, iconRight, children, className })}>
      <Content icon={icon} iconRight={iconRight} isPending={props.isPending}>{children}</Content>
    </AriaButton>
  );
}

export interface LinkButtonProps extends Omit<AriaLinkProps, 'className' | 'children'>, ButtonLookProps {}

/** A link (react-aria Link, so client routing applies) that looks like a Button. */
export function LinkButton({ variant, size, icon, iconRight, block, children, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink {...props} className={classes({ variant, size, block, icon, iconRight, children, className })}>
      <Content icon={icon} iconRight={iconRight}>{children}</Content>
    </AriaLink>
  );
}
