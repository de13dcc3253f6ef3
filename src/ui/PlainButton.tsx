import { useState, type MouseEvent } from 'react';
import { ButtonContent, buttonClasses, type ButtonLookProps } from './ButtonLook.tsx';

export interface PlainButtonProps extends ButtonLookProps {
  type?: 'button' | 'submit';
  onPress?: () => void;
  isDisabled?: boolean;
  /** Shows the spinner; the button stays focusable but does nothing (and does not submit its form). */
  isPending?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * Button's look on a native <button>, without react-aria: for the screens of a first load (sign-in), where
 * react-aria's press and focus code would be most of the page's script (issue 15). It sets the data attributes
 * Button.css.ts styles (data-hovered, data-disabled, data-pending); focus shows through :focus-visible.
 */
export function PlainButton({ type = 'button', onPress, isDisabled, isPending, autoFocus, testId, variant, size, icon, iconRight, block, children, className }: PlainButtonProps) {
  const [hovered, setHovered] = useState(false);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) {
      event.preventDefault();
      return;
    }
    onPress?.();
  };
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, block, icon, iconRight, children, className })}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      autoFocus={autoFocus}
      data-testid={testId}
      data-hovered={(hovered && !isDisabled) || undefined}
      data-disabled={isDisabled || undefined}
      data-pending={isPending || undefined}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onClick={onClick}
    >
      <ButtonContent icon={icon} iconRight={iconRight} isPending={isPending}>{children}</ButtonContent>
    </button>
  );
}
