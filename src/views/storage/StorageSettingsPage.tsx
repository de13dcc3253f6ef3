import { useState } from 'react';
import { fileSizeLimitTask } from '../../actors/storage-forms.ts';
import { formatBytes } from '../../domain/format.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import * as page from '../../ui/Page.css.ts';
import { useTask } from '../shared/useTask.ts';
import { Refusable } from './Refusable.tsx';
import * as css from './Storage.css.ts';

const UNITS = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
type Unit = keyof typeof UNITS;

function split(bytes: number): { value: string; unit: Unit } {
  const unit = (['GB', 'MB', 'KB'] as const).find((u) => bytes % UNITS[u] === 0) ?? 'bytes';
  return { value: String(bytes / UNITS[unit]), unit };
}

/** /project/{ref}/storage/settings (spec B2.4, B3 Storage config): the project's global upload limit. */
export interface StorageSettingsPageProps {
  projectRef: string;
  fileSizeLimit: number;
  /** spec B1: the S3-compatible and Iceberg endpoints of the project. */
  endpoints: { s3: string; iceberg: string };
  onSaved: () => void;
  /** Why the member may not save (issue 14 item 4), or null. */
  refused: string | null;
}

export function StorageSettingsPage({ projectRef, fileSizeLimit, endpoints, onSaved, refused }: StorageSettingsPageProps) {
  const initial = split(fileSizeLimit);
  const [value, setValue] = useState(initial.value);
  const [unit, setUnit] = useState<Unit>(initial.unit);
  const task = useTask(fileSizeLimitTask, {
    onDone: () => {
      toast.success('Successfully updated storage settings');
      onSaved();
    },
  });
  const { running: saving, error } = task;
  const number = Number(value);
  const invalid = value.trim() === '' || !(Number.isFinite(number) && number > 0);
  const bytes = invalid ? 0 : Math.round(number * UNITS[unit]);
  return (
    <section className={page.page} aria-labelledby="storage-settings-title">
      <h1 id="storage-settings-title" className={page.title}>Storage Settings</h1>
      <p className={page.subtitle}>The largest file anyone can upload to this project's buckets.</p>
      <form
        className={css.form}
        style={{ maxWidth: 420, marginTop: 24 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && refused === null) task.run({ projectRef, bytes });
        }}
      >
        <div className={css.sizeRow}>
          <TextField label="Upload file size limit" value={value} onChange={setValue} inputMode="decimal" isInvalid={!invalid ? false : value !== ''} errorMessage="Enter a positive number" />
          <Select aria-label="Upload file size limit unit" options={Object.keys(UNITS).map((u) => ({ id: u, label: u }))} value={unit} onChange={(key) => key !== null && setUnit(key as Unit)} />
        </div>
        <p className={page.subtitle}>{`Currently ${formatBytes(fileSizeLimit)}.`}</p>
        {error ? <p role="alert" className={css.alert}>{error}</p> : null}
        <div>
          <Refusable refused={refused}>
            <Button type="submit" variant="primary" isPending={saving} isDisabled={invalid || refused !== null}>Save</Button>
          </Refusable>
        </div>
      </form>
      <h2 className={page.sectionTitle}>Endpoints</h2>
      <dl className={css.form} style={{ maxWidth: 640, marginTop: 12 }}>
        {([['S3 endpoint', endpoints.s3], ['Iceberg endpoint', endpoints.iceberg]] as const).map(([label, url]) => (
          <div key={label}>
            <dt className={page.factLabel}>{label}</dt>
            <dd style={{ margin: '4px 0 0', display: 'flex', gap: 8, alignItems: 'center' }}>
              <code className={css.urlBox} style={{ flex: 1 }}>{url}</code>
              <CopyButton text={url} size="tiny" aria-label={`Copy ${label}`} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
