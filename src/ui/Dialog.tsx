import { useId, type ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
  type ModalOverlayProps,
} from 'react-aria-components';
import { Button } from './Button.tsx';
import { CloseIcon } from './Icon.tsx';
import * as styles from './Dialog.css.ts';

export { DialogTrigger } from 'react-aria-components';

export interface ModalProps extends Omit<ModalOverlayProps, 'className' | 'children'> {
  size?: 'small' | 'medium' | 'large' | 'xlarge';
  children: ReactNode;
}

/** A centred modal layer: blocks the page, traps focus, closes on Escape (and outside press when dismissable). */
export function Modal({ size, children, isDismissable = true, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <AriaModal className={styles.modal({ size })}>{children}</AriaModal>
    </ModalOverlay>
  );
}

type Slot = ReactNode | ((api: { close: () => void }) => ReactNode);

export interface DialogProps extends Omit<AriaDialogProps, 'className' | 'children'> {
  title: ReactNode;
  description?: ReactNode;
  /** Body content, or a function receiving `close`. */
  children?: Slot;
  /** Footer actions, or a function receiving `close`. */
  footer?: Slot;
  /** Hide the × button (e.g. while a destructive action runs). */
  hideCloseButton?: boolean;
}

/** The content of a Modal: titled, optionally described, with a body and a footer for actions. */
export function Dialog({ title, description, children, footer, hideCloseButton, ...props }: DialogProps) {
  const descriptionId = useId();
  return (
    <AriaDialog {...props} aria-describedby={description ? descriptionId : undefined} className={styles.dialog}>
      {({ close }) => (
        <>
          <header className={styles.header}>
            <Heading slot="title" className={styles.title}>{title}</Heading>
            {hideCloseButton ? null : (
              <Button variant="ghost" size="tiny" aria-label="Close" icon={<CloseIcon size={14} />} onPress={close} />
            )}
            {description ? <p id={descriptionId} className={styles.description}>{description}</p> : null}
          </header>
          {children !== undefined ? (
            <div className={styles.body}>{typeof children === 'function' ? children({ close }) : children}</div>
          ) : null}
          {footer !== undefined ? (
            <footer className={styles.footer}>{typeof footer === 'function' ? footer({ close }) : footer}</footer>
          ) : null}
        </>
      )}
    </AriaDialog>
  );
}
