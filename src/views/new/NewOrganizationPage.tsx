import { useEffect, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { createOrganizationWithPlatform } from '../../actors/create-forms.ts';
import {
  selectError,
  selectIsSubmitting,
  selectName,
  selectNameError,
  selectPlan,
} from '../../../machines/create-organization.selectors.ts';
import { ORGANIZATION_MESSAGES, PLAN_OPTIONS } from '../../domain/organizations.ts';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import * as css from './NewForm.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

/** /new (spec A2.2): name and plan; on success the first project is created at /new/{slug}. */
export function NewOrganizationPage({ canCreate }: { canCreate: boolean }) {
  if (!canCreate) return <CreationDisabled />;
  return <NewOrganizationForm />;
}

function NewOrganizationForm() {
  const actor = useActorRef(createOrganizationWithPlatform, { inspect: devInspect });
  const navigate = useNavigate();
  const name = useSelector(actor, selectName);
  const plan = useSelector(actor, selectPlan);
  const nameError = useSelector(actor, selectNameError);
  const error = useSelector(actor, selectError);
  const submitting = useSelector(actor, selectIsSubmitting);

  // The machine says once that the organization exists (issue 15); the router owns the move to its first project.
  useEffect(() => {
    const created = actor.on('organization.created', (event) => void navigate({ to: '/new/$orgSlug', params: { orgSlug: event.slug } }));
    return () => created.unsubscribe();
  }, [actor, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <section className={css.page} aria-labelledby="new-org-title">
      <form className={css.panel} onSubmit={submit} noValidate>
        <header className={css.header}>
          <h1 id="new-org-title" className={css.title}>Create a new organization</h1>
          <p className={css.lead}>Organizations group your projects and the people who work on them.</p>
        </header>
        <div className={css.body}>
          <TextField
            label="Name"
            name="name"
            autoFocus
            value={name}
            onChange={(value) => actor.send({ type: 'form.edit', field: 'name', value })}
            isInvalid={nameError !== null}
            errorMessage={nameError ?? undefined}
            isDisabled={submitting}
            description="What's the name of your company or team?"
            placeholder="Organization name"
          />
          <Select
            label="Plan"
            selectedKey={plan}
            onSelectionChange={(key) => actor.send({ type: 'form.edit', field: 'plan', value: String(key) })}
            options={PLAN_OPTIONS}
            isDisabled={submitting}
            description={ORGANIZATION_MESSAGES.localPlansFree}
          />
          {error ? <div role="alert" className={css.alert}>{error}</div> : null}
        </div>
        <footer className={css.footer}>
          <Link to="/organizations" className={button({ variant: 'default', size: 'small' })}>Cancel</Link>
          <Button type="submit" variant="primary" size="small" isPending={submitting} isDisabled={submitting}>
            Create organization
          </Button>
        </footer>
      </form>
    </section>
  );
}

function CreationDisabled() {
  return (
    <section className={css.page} aria-labelledby="new-org-title">
      <div className={css.panel}>
        <header className={css.header}>
          <h1 id="new-org-title" className={css.title}>Create a new organization</h1>
        </header>
        <div className={css.body}>
          <p className={css.note} data-testid="org-create-disabled">{ORGANIZATION_MESSAGES.createDisabled}</p>
        </div>
        <footer className={css.footer}>
          <Link to="/organizations" className={button({ variant: 'default', size: 'small' })}>Back to your organizations</Link>
        </footer>
      </div>
    </section>
  );
}
