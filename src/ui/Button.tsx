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

/** react-aria's LiveAnnouncer puts a page's first announcement in after this delay. */
const ANNOUNCER_FIRST_DELAY_MS = 100;

/** Removes the live regions' announcements by reference whose referenced elements have all left the page. */
export function removeDanglingAnnouncements(): void {
  // The page may be gone by then (a test's DOM torn down after its last unmount: the full suite's unhandled error).
  if (typeof document === 'undefined') return;
  for (const node of document.querySelectorAll('[aria-live] [role="img"][aria-labelledby]')) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) node.remove();
  }
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLookProps {}

/** A react-aria Button: activates on Enter/Space/press; `isPending` shows a spinner and keeps focus. */
export function Button({ variant, size, icon, iconRight, block, children, className, ...props }: ButtonProps) {
  // A pending button that has the focus is announced by reference (a role=img labelled by the button's id). When the
  // button goes away with its dialog, the reference would dangle for up to 7 s — an unnamed image to a screen reader
  // and an axe role-img-alt finding — so it is cleared with the button. The first announcement of a page is put in
  // 100 ms late (react-aria waits for its live regions to attach): after that delay, references to elements no longer
  // in the page are removed too (only those: another button's announcement stays).
  const announced = useRef(false);
  if (props.isPending) announced.current = true;
  useEffect(() => () => {
    if (!announced.current) return;
    clearAnnouncer('assertive');
    setTimeout(removeDanglingAnnouncements, ANNOUNCER_FIRST_DELAY_MS + 50);
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
