import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { useEffect, useRef } from 'react';
// react-aria's own announcer (the one its Button announces pending states with): not re-exported publicly.
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { ButtonContent as Content, buttonClasses as classes, type ButtonLookProps } from './ButtonLook.tsx';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLookProps {}

/** A react-aria Button: activates on Enter/Space/press; `isPending` shows a spinner and keeps focus. */
export function Button({ variant, size, icon, iconRight, block, children, className, ...props }: ButtonProps) {
  // A pending button that has the focus is announced by reference (a role=img labelled by the button's id). When the
  // button goes away with its dialog, the reference would dangle for up to 7 s — an unnamed image to a screen reader
  // and an axe role-img-alt finding — so it is cleared with the button.
  const announced = useRef(false);
  if (props.isPending) announced.current = true;
  useEffect(() => () => {
    if (announced.current) clearAnnouncer('assertive');
  }, []);
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
