import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { ButtonContent as Content, buttonClasses as classes, type ButtonLookProps } from './ButtonLook.tsx';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLookProps {}

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
