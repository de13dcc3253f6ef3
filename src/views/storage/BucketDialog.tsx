import { useState } from 'react';
import { saveBucketTask, type BucketRequest } from '../../actors/storage-forms.ts';
import { BUCKET_TYPES, BUCKET_TYPE_DESCRIPTIONS, BUCKET_TYPE_LABELS, DEFAULT_BUCKET_TYPE, type Bucket, type BucketType } from '../../domain/storage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './Storage.css.ts';

const UNITS = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
type Unit = keyof typeof UNITS;

/** A stored limit as value + the largest unit that divides it. */
function splitLimit(bytes: number | null): { value: string; unit: Unit } {
  if (!bytes) return { value: '', unit: 'MB' };
  const unit = (['GB', 'MB', 'KB'] as const).find((u) => bytes % UNITS[u] === 0) ?? 'bytes';
  return { value: String(bytes / UNITS[unit]), unit };
}

export interface BucketDialogProps {
  projectRef: string;
  /** The bucket to edit; null to create one. */
  bucket: Bucket | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (bucketId: string) => void;
}

/** Create or edit a bucket (spec B2.4 bucket types; B3 Bucket: public, allowed MIME types, file size limit). */
export function BucketDialog({ projectRef, bucket, isOpen, onClose, onSaved }: BucketDialogProps) {
  const editing = bucket !== null;
  const [name, setName] = useState(bucket?.id ?? '');
  const [type, setType] = useState<BucketType>(DEFAULT_BUCKET_TYPE);
  const [isPublic, setPublic] = useState(bucket?.public ?? false);
  const [mimeTypes, setMimeTypes] = useState((bucket?.allowed_mime_types ?? []).join(', '));
  const initialLimit = splitLimit(bucket?.file_size_limit ?? null);
  const [limit, setLimit] = useState(initialLimit.value);
  const [unit, setUnit] = useState<Unit>(initialLimit.unit);
  const task = useTask(saveBucketTask, {
    onDone: (id) => {
      toast.success(editing ? `Successfully updated bucket "${id}"` : `Successfully created bucket "${id}"`);
      onSaved(id);
    },
  });
  const { running: submitting, error } = task;
  const limitNumber = limit.trim() === '' ? null : Number(limit);
  const limitInvalid = limitNumber !== null && !(Number.isFinite(limitNumber) && limitNumber > 0);
  const nameInvalid = !editing && name.trim() === '';

  const submit = () => {
    if (limitInvalid || nameInvalid) return;
    const mimes = mimeTypes.split(',').map((m) => m.trim()).filter((m) => m !== '');
    task.run({
      projectRef,
      editing,
      request: {
        id: name.trim(),
        type,
        fields: {
          public: isPublic,
          allowed_mime_types: mimes.length > 0 ? mimes : null,
          file_size_limit: limitNumber === null ? null : Math.round(limitNumber * UNITS[unit]),
        },
      } satisfies BucketRequest,
    });
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} size="medium">
      <Dialog
        title={editing ? `Edit bucket "${bucket.id}"` : 'Create a storage bucket'}
        footer={
          <>
            <Button onPress={onClose} isDisabled={submitting}>Cancel</Button>
            <Button variant="primary" onPress={submit} isPending={submitting} isDisabled={limitInvalid || nameInvalid}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </>
        }
      >
        <form className={css.form} onSubmit={(e) => { e.preventDefault(); submit(); }}>
          {!editing && (
            <>
              {/* The first control, and where the focus starts (issue 24): it came after Cancel in the tab order when
                  the focus started on the name below it. One tab stop; the arrows choose (the ARIA radio group). */}
              <div role="radiogroup" aria-label="Bucket type" className={css.typeOptions} onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
                if (step === 0) return;
                event.preventDefault();
                const next = BUCKET_TYPES[(BUCKET_TYPES.indexOf(type) + step + BUCKET_TYPES.length) % BUCKET_TYPES.length]!;
                setType(next);
                event.currentTarget.querySelector<HTMLElement>(`[data-type="${next}"]`)?.focus();
              }}>
                {BUCKET_TYPES.map((t) => (
                  <button
                    key={t}
                    type="button"
                    role="radio"
                    data-type={t}
                    aria-checked={type === t}
                    tabIndex={type === t ? 0 : -1}
                    autoFocus={type === t}
                    className={css.typeOption}
                    onClick={() => setType(t)}
                  >
                    <div className={css.typeTitle}>{BUCKET_TYPE_LABELS[t]}</div>
                    {BUCKET_TYPE_DESCRIPTIONS[t]}
                  </button>
                ))}
              </div>
              <TextField label="Bucket name" value={name} onChange={setName} description="Letters, digits, '_', '.' and '-'." />
            </>
          )}
          <Switch isSelected={isPublic} onChange={setPublic}>Public bucket</Switch>
          <TextField
            label="Allowed MIME types"
            value={mimeTypes}
            onChange={setMimeTypes}
            placeholder="image/png, image/*"
            description="Comma-separated; empty allows any type."
          />
          <div className={css.sizeRow}>
            <TextField
              label="File size limit"
              value={limit}
              onChange={setLimit}
              inputMode="decimal"
              placeholder="No limit"
              isInvalid={limitInvalid}
              errorMessage="Enter a positive number"
            />
            <Select
              aria-label="File size limit unit"
              options={Object.keys(UNITS).map((u) => ({ id: u, label: u }))}
              value={unit}
              onChange={(key) => key !== null && setUnit(key as Unit)}
            />
          </div>
          {error ? <p role="alert" className={css.alert}>{error}</p> : null}
          <button type="submit" hidden />
        </form>
      </Dialog>
    </Modal>
  );
}
