import { useEffect, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { Organization } from '../../api/types.ts';
import { organizationSettingsWithPlatform } from '../../actors/organization-settings.ts';
import {
  selectDeleteError,
  selectIsDeleting,
  selectIsRenaming,
  selectIsUnchanged,
  selectName,
  selectRenameError,
} from '../../../machines/organization-settings.selectors.ts';
import { partnerOf, managedByTooltip } from '../../domain/partner.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { TypedConfirmModal } from '../../ui/TypedConfirmModal.tsx';
import * as css from './OrganizationSettingsPage.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

/** /org/{slug}/general (spec A2.2): rename, slug and plan, and deleting the organization (owners only). */
export function OrganizationSettingsPage({ organization }: { organization: Organization }) {
  const actor = useActorRef(organizationSettingsWithPlatform, { input: { slug: organization.slug, name: organization.name }, inspect: devInspect });
  const router = useRouter();
  const navigate = useNavigate();
  const name = useSelector(actor, selectName);
  const renameError = useSelector(actor, selectRenameError);
  const renaming = useSelector(actor, selectIsRenaming);
  const unchanged = useSelector(actor, selectIsUnchanged);
  const deleteError = useSelector(actor, selectDeleteError);
  const deleting = useSelector(actor, selectIsDeleting);
  const [confirming, setConfirming] = useState(false);
  const partner = partnerOf(organization.managed_by);

  // Forward reloaded data into the actor (it keeps a name being typed).
  useEffect(() => {
    actor.send({ type: 'organization.loaded', name: organization.name });
  }, [actor, organization.name]);

  // What follows an outcome listens to the machine's emitted events (issue 15), once per outcome.
  useEffect(() => {
    const subscriptions = [
      // A saved name must reach the header and the lists: reload the route data.
      actor.on('organization.renamed', () => {
        toast.success('Organization name saved');
        void router.invalidate();
      }),
      // A failed delete closes the modal so the server's message shows on the page.
      actor.on('organization.deleteFailed', () => setConfirming(false)),
      actor.on('organization.deleted', () => {
        toast.success(`Organization ${actor.getSnapshot().context.savedName} deleted`);
        void router.invalidate();
        void navigate({ to: '/organizations' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate, router]);

  const rename = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'rename.submit' });
  };

  return (
    <section className={css.page} aria-labelledby="org-settings-title">
      <h1 id="org-settings-title" className={css.title}>Organization Settings</h1>

      <form className={css.card} onSubmit={rename} noValidate aria-labelledby="org-details-title">
        <h2 id="org-details-title" className={css.cardTitle}>Organization details</h2>
        <TextField
          label="Organization name"
          name="name"
          value={name}
          onChange={(value) => actor.send({ type: 'name.edit', value })}
          isInvalid={renameError !== null}
          errorMessage={renameError ?? undefined}
          isDisabled={renaming || deleting}
        />
        <dl className={css.facts}>
          <div>
            <dt className={css.factLabel}>Organization slug</dt>
            <dd className={css.factValue} data-testid="org-slug">{organization.slug}</dd>
          </div>
          <div>
            <dt className={css.factLabel}>Plan</dt>
            <dd className={css.factValue} data-testid="org-plan"><Badge>{organization.plan.name}</Badge></dd>
          </div>
          {partner ? (
            <div>
              <dt className={css.factLabel}>Managed by</dt>
              <dd className={css.factValue}>{managedByTooltip(partner)}</dd>
            </div>
          ) : null}
        </dl>
        <div className={css.actions}>
          <Button
            variant="default"
            size="tiny"
            onPress={() => actor.send({ type: 'name.edit', value: organization.name })}
            isDisabled={unchanged || renaming}
          >
            Cancel
          </Button>
          <Button type="submit" variant="primary" size="tiny" isPending={renaming} isDisabled={unchanged || renaming || deleting}>
            Save
          </Button>
        </div>
      </form>

      <div className={css.dangerCard} aria-labelledby="org-delete-title" role="region">
        <h2 id="org-delete-title" className={css.cardTitle}>Delete organization</h2>
        <p className={css.text}>
          Deleting this organization removes its settings and its members for good. Only owners can delete an
          organization, and only once its projects are deleted.
        </p>
        {deleteError ? <div role="alert" className={css.alert}>{deleteError}</div> : null}
        <div className={css.actions}>
          <Button variant="danger" size="tiny" onPress={() => setConfirming(true)} isDisabled={deleting || renaming}>
            Delete organization
          </Button>
        </div>
      </div>

      <TypedConfirmModal
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!deleting) setConfirming(open);
        }}
        title={`Delete ${organization.name}`}
        description="This cannot be undone."
        confirmString={organization.slug}
        confirmLabel="Delete organization"
        isLoading={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
      />
    </section>
  );
}
