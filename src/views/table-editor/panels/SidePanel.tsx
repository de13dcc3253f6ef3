// The frame of every side panel (spec B2.1): a sheet from the right (focus trapped, Escape closes), the form, the
// Postgres error verbatim when a submission failed, and Cancel / submit. Read-only members get no submit button.
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import * as css from './Panels.css.ts';

export interface SidePanelProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Omit for panels without a submission (e.g. the reference picker). */
  submitLabel?: string;
  onSubmit?: () => void;
  submitting?: boolean;
  submitDisabled?: boolean;
  error?: string | null;
  errorSubject?: string;
  canWrite: boolean;
  projectRef: string;
}

export function SidePanel({ title, onClose, children, submitLabel, onSubmit, submitting = false, submitDisabled, error, errorSubject, canWrite, projectRef }: SidePanelProps) {
  const submit = () => {
    if (!submitting && !submitDisabled) onSubmit?.();
  };
  return (
    <Sheet side="right" title={title} isOpen onOpenChange={(open) => !open && !submitting && onClose()}>
      <form
        className={css.form}
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
        {error ? <ErrorAlert subject={errorSubject ?? `Failed: ${title}`} error={error} projectRef={projectRef} /> : null}
        <div className={css.footer}>
          <Button onPress={onClose} isDisabled={submitting}>{submitLabel && canWrite ? 'Cancel' : 'Close'}</Button>
          {submitLabel && canWrite ? (
            <Button variant="primary" type="submit" isPending={submitting} isDisabled={submitDisabled}>{submitLabel}</Button>
          ) : null}
        </div>
      </form>
    </Sheet>
  );
}
