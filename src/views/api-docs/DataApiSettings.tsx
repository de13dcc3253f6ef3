// /project/{ref}/settings/api (spec A2.2 'Data API', A2.13; issue 17): the project URL, the keys, and the schemas
// the Data API exposes — shown and changed through GET/PATCH /platform/projects/{ref}/config/postgrest.
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { saveExposedSchemasTask, type PostgrestConfig } from '../../actors/api-docs.ts';
import { API_KEYS_TEXT } from '../../domain/project-screens.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './ApiDocs.css.ts';

export interface DataApiSettingsProps {
  projectRef: string;
  projectUrl: string | null;
  anonKey: string | null;
  serviceKey: string | null;
  config: PostgrestConfig;
  /** The URL and keys with reveal, copy and JWT status (issue 16, src/views/api-keys/), in place of the plain rows. */
  keysSection?: ReactNode;
}

export function DataApiSettings({ projectRef, projectUrl, anonKey, serviceKey, config, keysSection }: DataApiSettingsProps) {
  const router = useRouter();
  const [schemas, setSchemas] = useState(config.db_schema.split(',').join(', '));
  const save = useTask(saveExposedSchemasTask, {
    onDone: () => {
      toast.success('Successfully saved settings');
      void router.invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.run({ ref: projectRef, schemas });
  };
  return (
    <div className={css.content}>
      <h1 className={css.title}>Data API</h1>
      {keysSection ?? (
        <>
          <section className={css.section} aria-labelledby="data-api-url">
            <h2 className={css.subtitle} id="data-api-url">Project URL</h2>
            <p className={css.text}>A RESTful endpoint for querying and managing your database.</p>
            <KeyRow label="URL" value={projectUrl} />
          </section>
          <section className={css.section} aria-labelledby="data-api-keys">
            <h2 className={css.subtitle} id="data-api-keys">Project API keys</h2>
            {(anonKey === null || serviceKey === null) && <p className={css.text}>{API_KEYS_TEXT.noPermission}</p>}
            <KeyRow label="anon" badge="public" value={anonKey} />
            <KeyRow label="service_role" badge="secret" value={serviceKey} />
          </section>
        </>
      )}
      <form className={css.section} onSubmit={submit} aria-labelledby="data-api-schemas">
        <h2 className={css.subtitle} id="data-api-schemas">Exposed schemas</h2>
        <TextField
          label="Exposed schemas"
          description="The schemas the Data API serves, separated by commas."
          value={schemas}
          onChange={setSchemas}
          monospace
        />
        {/* The platform's 4xx message (e.g. 'The schema storage cannot be exposed'), kept until the next save. Not the
            field's isInvalid: with native validation that would block the next submit. */}
        {save.error && (
          <p className={css.warning} role="alert">
            {save.error}
          </p>
        )}
        <div className={css.toolbar}>
          <Button type="submit" variant="primary" isPending={save.running}>
            Save
          </Button>
        </div>
      </form>
    </div>
  );
}

function KeyRow({ label, badge, value }: { label: string; badge?: 'public' | 'secret'; value: string | null }) {
  return (
    <div className={css.field}>
      <span className={css.label}>
        {label} {badge && <Badge variant={badge === 'secret' ? 'warning' : 'outline'}>{badge}</Badge>}
      </span>
      <div className={css.valueRow}>
        <code className={css.value} aria-label={`${label} value`}>
          {value ?? API_KEYS_TEXT.hiddenValue}
        </code>
        {value !== null && <CopyButton text={value} size="tiny" variant="default" aria-label={`Copy ${label}`} />}
      </div>
    </div>
  );
}
