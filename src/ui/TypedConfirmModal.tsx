import { useState, type FormEvent, type ReactNode } from 'react';
import { CONFIRMATION_MISMATCH_ERROR, matchesConfirmation } from '../domain/confirm.ts';
import { Button } from './Button.tsx';
import { Dialog, Modal } from './Dialog.tsx';
import { TextField } from './TextField.tsx';
import * as styles from './TypedConfirmModal.css.ts';

export interface TypedConfirmModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the field, e.g. a warning about what will be lost. */
  children?: ReactNode;
  /** The string the user must type (spec A5: trimmed input must equal it). */
  confirmString: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: 'danger' | 'primary';
  isLoading?: boolean;
  onConfirm: () => void;
}

/** A modal whose confirm button unlocks only once the user types the confirm string (spec A2.14, A5). */
export function TypedConfirmModal({ isOpen, onOpenChange, title, description, ...rest }: TypedConfirmModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!rest.isLoading} isKeyboardDismissDisabled={rest.isLoading}>
      <Dialog title={title} description={description} role="alertdialog" hideCloseButton={rest.isLoading}>
        {({ close }) => <ConfirmForm {...rest} onCancel={close} />}
      </Dialog>
    </Modal>
  );
}

type ConfirmFormProps = Omit<TypedConfirmModalProps, 'isOpen' | 'onOpenChange' | 'title' | 'description'> & {
  onCancel: () => void;
};

// Lives inside the Dialog so the typed value resets every time the modal opens.
function ConfirmForm({ children, confirmString, confirmLabel = 'Confirm', cancelLabel = 'Cancel', variant = 'danger', isLoading, onConfirm, onCancel }: ConfirmFormProps) {
  const [value, setValue] = useState('');
  const matches = matchesConfirmation(value, confirmString);
  const showMismatch = value !== '' && !matches;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !isLoading) onConfirm();
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      {children}
      <TextField
        autoFocus
        value={value}
        onChange={setValue}
        isInvalid={showMismatch}
        errorMessage={CONFIRMATION_MISMATCH_ERROR}
        isDisabled={isLoading}
        autoComplete="off"
        spellCheck="false"
        label={<>Type <code className={styles.confirmString}>{confirmString}</code> to confirm.</>}
      />
      <div className={styles.actions}>
        <Button variant="default" size="tiny" onPress={onCancel} isDisabled={isLoading}>{cancelLabel}</Button>
        <Button type="submit" variant={variant} size="tiny" isDisabled={!matches} isPending={isLoading}>{confirmLabel}</Button>
      </div>
    </form>
  );
}
