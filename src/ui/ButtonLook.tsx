import type { ReactNode } from 'react';
import { button, icon as iconClass, pendingIcon, type ButtonVariants } from './Button.css.ts';

// The look shared by Button/LinkButton (react-aria) and PlainButton (a native <button>, for first-load screens).

export interface ButtonLookProps {
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

export function ButtonContent({ icon, iconRight, children, isPending }: ButtonLookProps & { isPending?: boolean }) {
  return (
    <>
      {isPending ? <span className={pendingIcon} aria-hidden /> : icon ? <span className={iconClass} aria-hidden>{icon}</span> : null}
      {children}
      {iconRight ? <span className={iconClass} aria-hidden>{iconRight}</span> : null}
    </>
  );
}

export function buttonClasses({ variant, size, block, icon, iconRight, children, className }: ButtonLookProps) {
  const iconOnly = children === undefined && Boolean(icon ?? iconRight);
  return [button({ variant, size, block, iconOnly }), className].filter(Boolean).join(' ');
}
