import { useEffect, useMemo, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Organization } from '../../api/types.ts';
import { createProjectWithPlatform } from '../../actors/create-forms.ts';
import type { NewProjectField } from '../../domain/new-project.ts';
import { PROJECT_REGIONS } from '../../domain/new-project.ts';
import { generatePassword } from '../../domain/password-strength.ts';
import { versionLabel, versionValue } from '../../domain/postgres-versions.ts';
import {
  selectError,
  selectFieldErrors,
  selectIsLoadingVersions,
  selectIsSubmitting,
  selectName,
  selectPassword,
  selectRegion,
  selectVersion,
  selectVersions,
  selectVersionsError,
} from '../../../machines/create-project.selectors.ts';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import * as css from './NewForm.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

const fillRandom = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);

/** /new/{orgSlug} (spec A2.2): project name, database password, region and Postgres version. */
export function NewProjectPage({ organization, canCreate }: { organization: Organization; canCreate: boolean }) {
  if (!canCreate) {
    return (
      <section className={css.page}>
        <div className={css.panel}>
          <header className={css.header}>
            <h1 className={css.title}>Create a new project</h1>
          </header>
          <div className={css.body}>
            <p className={css.note}>Creating projects is turned off on this platform.</p>
          </div>
          <footer className={css.footer}>
            <Link to="/org/$slug" params={{ slug: organization.slug }} className={button({ variant: 'default', size: 'small' })}>
              Back to {organization.name}
            </Link>
          </footer>
        </div>
      </section>
    );
  }
  return <NewProjectForm key={organization.slug} organization={organization} />;
}

function NewProjectForm({ organization }: { organization: Organization }) {
  const actor = useActorRef(createProjectWithPlatform, { input: { organizationSlug: organization.slug }, inspect: devInspect });
  const navigate = useNavigate();
  const name = useSelector(actor, selectName);
  const password = useSelector(actor, selectPassword);
  const region = useSelector(actor, selectRegion);
  const version = useSelector(actor, selectVersion);
  const versions = useSelector(actor, selectVersions);
  const versionsError = useSelector(actor, selectVersionsError);
  const loadingVersions = useSelector(actor, selectIsLoadingVersions);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const submitting = useSelector(actor, selectIsSubmitting);

  // The machine says once that the project exists (issue 15); the router owns the move to the project's home
  // (status COMING_UP there).
  useEffect(() => {
    const created = actor.on('project.created', (event) => void navigate({ to: '/project/$ref', params: { ref: event.ref } }));
    return () => created.unsubscribe();
  }, [actor, navigate]);

  const edit = (field: NewProjectField) => (value: string) => actor.send({ type: 'form.edit', field, value });
  const versionOptions = useMemo(() => versions.map((v) => ({ id: versionValue(v), label: versionLabel(v) })), [versions]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <section className={css.page} aria-labelledby="new-project-title">
      <form className={css.panel} onSubmit={submit} noValidate>
        <header className={css.header}>
          <h1 id="new-project-title" className={css.title}>Create a new project</h1>
          <p className={css.lead}>Your project gets its own Postgres database, a REST API, auth and storage.</p>
        </header>
        <div className={css.body}>
          <div className={css.fixed}>
            <span className={css.fixedLabel}>Organization</span>
            <span className={css.fixedValue} data-testid="new-project-org">{organization.name}</span>
          </div>
          <TextField
            label="Project name"
            name="name"
            autoFocus
            value={name}
            onChange={edit('name')}
            isInvalid={fieldErrors.name !== undefined}
            errorMessage={fieldErrors.name}
            isDisabled={submitting}
            placeholder="Project name"
          />
          <div>
            <div className={css.row}>
              <TextField
                className={css.grow}
                label="Database password"
                name="db_pass"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={edit('password')}
                isInvalid={fieldErrors.password !== undefined}
                isDisabled={submitting}
                aria-describedby="db-pass-strength"
                monospace
              />
              <Button size="small" onPress={() => edit('password')(generatePassword(fillRandom))} isDisabled={submitting}>
                Generate a password
              </Button>
              <CopyButton size="small" text={() => password} label="Copy" isDisabled={submitting || password === ''} />
            </div>
            <PasswordStrengthMeter password={password} id="db-pass-strength" showEmpty={fieldErrors.password !== undefined} />
          </div>
          <Select
            label="Region"
            selectedKey={region}
            onSelectionChange={(key) => edit('region')(String(key))}
            options={PROJECT_REGIONS}
            isInvalid={fieldErrors.region !== undefined}
            errorMessage={fieldErrors.region}
            isDisabled={submitting}
            description="The local platform runs every project on this machine."
          />
          <Select
            label="Postgres version"
            selectedKey={version || null}
            onSelectionChange={(key) => edit('version')(String(key))}
            options={versionOptions}
            placeholder={loadingVersions ? 'Loading versions…' : 'The platform default'}
            isInvalid={fieldErrors.version !== undefined}
            errorMessage={fieldErrors.version}
            isDisabled={submitting || versionOptions.length === 0}
          />
          {versionsError ? (
            <div role="alert" className={css.alert}>
              {versionsError}{' '}
              <Button size="tiny" onPress={() => actor.send({ type: 'versions.retry' })}>Try again</Button>
            </div>
          ) : null}
          {error ? <div role="alert" className={css.alert}>{error}</div> : null}
        </div>
        <footer className={css.footer}>
          <Link to="/org/$slug" params={{ slug: organization.slug }} className={button({ variant: 'default', size: 'small' })}>
            Cancel
          </Link>
          <Button type="submit" variant="primary" size="small" isPending={submitting} isDisabled={submitting}>
            Create new project
          </Button>
        </footer>
      </form>
    </section>
  );
}
