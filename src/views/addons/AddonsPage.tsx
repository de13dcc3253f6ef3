// Project settings → Add-ons (issue 20, spec A2.5 /settings/addons?panel={addon}&source=, B3 selected_addons, B6, B7
// cached 1 h): each add-on with what is selected, and its panel (?panel=) to select a variant or remove it. Owners
// only (BILLING_WRITE, B6). What each add-on does on this local platform is said plainly (LOCAL_ADDON_NOTES): PITR
// cannot keep WAL archives per project in one shared cluster, but selecting it unlocks branches with data (B2.8).
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { Project } from '../../api/types.ts';
import { removeAddonTask, selectAddonTask } from '../../actors/infrastructure.ts';
import {
  ADDON_PANELS,
  ADDON_TITLES,
  ADDON_VARIANTS,
  AMEND_SUBSCRIPTION_REFUSED,
  isSelectableAddon,
  LOCAL_ADDON_NOTES,
  PANEL_ADDON,
  selectedVariant,
  type AddonPanel,
  type SelectedAddon,
} from '../../domain/addons.ts';
import { can } from '../../domain/permissions.ts';
import { computeSizeById, DEFAULT_COMPUTE_SIZE } from '../../domain/project-lifecycle.ts';
import { projectComputeSize } from '../../domain/projects.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { toast } from '../../ui/toast.ts';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTask } from '../shared/useTask.ts';

export interface AddonsPageProps {
  project: Project;
  addons: SelectedAddon[];
  panel: AddonPanel | undefined;
  onPanelChange: (panel: AddonPanel | undefined) => void;
}

export function AddonsPage(props: AddonsPageProps) {
  if (props.project.status === 'INACTIVE') return <ProjectPausedCard project={props.project} />;
  return <Addons {...props} />;
}

function Addons({ project, addons, panel, onPanelChange }: AddonsPageProps) {
  const role = useProjectRole(project);
  const allowed = can(role, 'BILLING_WRITE', 'stripe.subscriptions');
  const compute = computeSizeById(projectComputeSize(project)) ?? DEFAULT_COMPUTE_SIZE;
  const summary = (type: (typeof PANEL_ADDON)[AddonPanel]) => {
    if (type === 'compute_instance') return compute.label;
    const variant = selectedVariant(addons, type);
    if (!variant || !isSelectableAddon(type)) return null;
    return ADDON_VARIANTS[type].find((v) => v.identifier === variant)?.label ?? variant;
  };

  return (
    <section className={css.page} aria-labelledby="addons-title">
      <div>
        <h1 id="addons-title" className={css.title}>Add-ons</h1>
        <p className={css.subtitle}>Level up the project with add-ons.</p>
      </div>
      {ADDON_PANELS.map((key) => {
        const type = PANEL_ADDON[key];
        const selected = summary(type);
        return (
          <div key={key} className={css.card} data-testid={`addon-${key}`}>
            <div className={css.row}>
              <div className={css.rowText}>
                <h2 className={css.cardTitle}>{ADDON_TITLES[type]}</h2>
                <p className={css.text}>{selected ? <>Selected: <strong>{selected}</strong></> : 'Not enabled'}</p>
              </div>
              {selected && type !== 'compute_instance' ? <Badge variant="brand">Enabled</Badge> : null}
              <Button variant="default" size="tiny" onPress={() => onPanelChange(key)}>
                {type === 'compute_instance' ? 'Change compute size' : selected ? 'Change' : 'Enable'}
              </Button>
            </div>
          </div>
        );
      })}
      {panel ? (
        <AddonPanelSheet project={project} panel={panel} addons={addons} allowed={allowed} computeLabel={compute.label} onClose={() => onPanelChange(undefined)} />
      ) : null}
    </section>
  );
}

function AddonPanelSheet({
  project,
  panel,
  addons,
  allowed,
  computeLabel,
  onClose,
}: {
  project: Project;
  panel: AddonPanel;
  addons: SelectedAddon[];
  allowed: boolean;
  computeLabel: string;
  onClose: () => void;
}) {
  const router = useRouter();
  const type = PANEL_ADDON[panel];
  const current = selectedVariant(addons, type);
  const [choice, setChoice] = useState<string | null>(current);
  const after = (message: string) => {
    toast.success(message);
    // The add-ons are cached 1 h (C§9): a change reads them again now.
    void router.invalidate();
    onClose();
  };
  const select = useTask(selectAddonTask, {
    onDone: () => after(`${ADDON_TITLES[type]} updated`),
    onFailed: (message) => toast.error(`Failed to update ${ADDON_TITLES[type]}: ${message}`),
  });
  const remove = useTask(removeAddonTask, {
    onDone: () => after(`${ADDON_TITLES[type]} removed`),
    onFailed: (message) => toast.error(`Failed to remove ${ADDON_TITLES[type]}: ${message}`),
  });
  const busy = select.running || remove.running;

  return (
    <Sheet side="right" title={ADDON_TITLES[type]} isOpen onOpenChange={(open) => !open && !busy && onClose()}>
      <div className={css.form} data-testid="addon-panel">
        <div className={css.notice} role="note" data-testid="addon-local-note">
          {LOCAL_ADDON_NOTES[type]}
        </div>
        {type === 'compute_instance' || !isSelectableAddon(type) ? (
          <>
            <p className={css.text}>
              Current size: <strong>{computeLabel}</strong>
            </p>
            <Link to="/project/$ref/settings/compute-and-disk" params={{ ref: project.ref }} onClick={onClose}>
              Open Compute and Disk
            </Link>
          </>
        ) : (
          <>
            <Select
              label="Option"
              options={ADDON_VARIANTS[type].map((variant) => ({ id: variant.identifier, label: variant.label }))}
              selectedKey={choice}
              onSelectionChange={(key) => setChoice(key == null ? null : String(key))}
              placeholder="Choose an option"
              isDisabled={!allowed || busy}
            />
            <div className={css.actions}>
              <AllowedOr allowed={allowed} reason={AMEND_SUBSCRIPTION_REFUSED}>
                <Button
                  variant="primary"
                  size="tiny"
                  isPending={select.running}
                  isDisabled={!allowed || busy || choice === null || choice === current}
                  onPress={() => choice && select.run({ ref: project.ref, type, variant: choice })}
                >
                  Confirm
                </Button>
              </AllowedOr>
              {current ? (
                <AllowedOr allowed={allowed} reason={AMEND_SUBSCRIPTION_REFUSED}>
                  <Button
                    variant="danger"
                    size="tiny"
                    isPending={remove.running}
                    isDisabled={!allowed || busy}
                    onPress={() => remove.run({ ref: project.ref, type, variant: current })}
                  >
                    Remove
                  </Button>
                </AllowedOr>
              ) : null}
              <Button variant="default" size="tiny" isDisabled={busy} onPress={onClose}>
                Cancel
              </Button>
            </div>
          </>
        )}
      </div>
    </Sheet>
  );
}
