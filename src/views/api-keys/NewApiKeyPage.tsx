// /project/{ref}/settings/api-keys/new (spec A2.2; issue 16): a new publishable or secret key, named by the rules the
// platform checks; back to the list once made.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { createApiKeyTask } from '../../actors/api-keys.ts';
import { apiKeyNameError } from '../../domain/api-keys.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './ApiKeys.css.ts';

const TYPES = [
  { id: 'publishable', label: 'Publishable key' },
  { id: 'secret', label: 'Secret key' },
] as const;

export function NewApiKeyPage({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate();
  const [type, setType] = useState<'publishable' | 'secret'>('secret');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useTask(createApiKeyTask, {
    onDone: (key) => {
      toast.success(`Created API key ${key.name}`);
      void navigate({ to: '/project/$ref/settings/api-keys', params: { ref: projectRef } });
    },
  });
  const nameError = touched ? apiKeyNameError(name) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (apiKeyNameError(name)) return;
    create.run({ ref: projectRef, type, name, description });
  };
  return (
    <div className={css.content}>
      <h1 className={css.title}>New API key</h1>
      <form className={css.form} onSubmit={submit} aria-label="New API key">
        <Select
          label="Type"
          options={TYPES}
          selectedKey={type}
          onSelectionChange={(key) => setType(key === 'publishable' ? 'publishable' : 'secret')}
          description={type === 'secret' ? 'Acts as the service_role: for servers only.' : 'Acts as the anon role: safe in a browser with row level security.'}
        />
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          isRequired
          isInvalid={nameError !== null}
          errorMessage={nameError ?? undefined}
          description="Lowercase letters, digits and underscores, 4 to 64 characters."
          monospace
        />
        <TextField label="Description" value={description} onChange={setDescription} />
        {create.error && (
          <p className={css.warning} role="alert">
            {create.error}
          </p>
        )}
        <div className={css.actions}>
          <Button variant="default" onPress={() => void navigate({ to: '/project/$ref/settings/api-keys', params: { ref: projectRef } })}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isPending={create.running}>
            Create API key
          </Button>
        </div>
      </form>
    </div>
  );
}
