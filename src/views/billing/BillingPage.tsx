import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectCanSwitch, selectError, selectSwitchedTo, selectSwitchingTo } from '../../../machines/plan-change.selectors.ts';
import type { Organization, PlanId } from '../../api/types.ts';
import { isEnabled, type Flags } from '../../domain/navigation/flags.ts';
import { SUBSCRIPTION_CHANGES_DISABLED, UPGRADE_PLANS, isUpgrade, upgradeTarget } from '../../domain/upgrade.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import * as page from '../../ui/Page.css.ts';
import { usePlanChangeActor } from './usePlanChangeActor.ts';
import * as css from './BillingPage.css.ts';
import { BILLING_RESOURCE, partnerOf } from '../../domain/partner.ts';
import { PartnerManagedNotice } from '../shared/PartnerManagedNotice.tsx';

export type BillingPanel = 'subscriptionPlan' | 'costControl';

export interface BillingPageProps {
  organization: Organization;
  flags: Flags;
  panel: BillingPanel | undefined;
  /** Administrators and owners may change the plan (the platform checks it too). */
  canChangePlan: boolean;
  onPanelChange: (panel: BillingPanel | undefined) => void;
}

const ALL_PLANS: { id: PlanId; name: string }[] = [{ id: 'free', name: 'Free' }, ...UPGRADE_PLANS];

/** /org/{slug}/billing?panel= (spec A2.2, A6): the current plan, Pro | Team | Enterprise with 'Upgrade'. */
export function BillingPage({ organization, flags, panel, canChangePlan, onPanelChange }: BillingPageProps) {
  const navigate = useNavigate();
  const upgrade = (planName: string) => {
    const target = upgradeTarget(flags, organization, planName);
    if (target.kind === 'billing') onPanelChange('subscriptionPlan');
    else void navigate({ to: target.to, search: target.search });
  };
  return (
    <section className={page.page} aria-labelledby="billing-title">
      <h1 id="billing-title" className={page.title}>Billing</h1>
      {partnerOf(organization.managed_by) && (
        <PartnerManagedNotice resource={BILLING_RESOURCE} partner={partnerOf(organization.managed_by)!} />
      )}
      <div className={css.current} data-testid="current-plan">
        Current plan <Badge variant="brand">{organization.plan.name}</Badge>
      </div>
      <h2 className={page.sectionTitle}>Plans</h2>
      <div className={css.plans}>
        {UPGRADE_PLANS.map((plan) => (
          <div key={plan.id} className={css.plan} data-testid={`plan-${plan.id}`}>
            <h3 className={css.planName}>{plan.name}</h3>
            {organization.plan.id === plan.id ? (
              <Badge>Current plan</Badge>
            ) : isUpgrade(organization.plan.id, plan.id) ? (
              <Button variant="primary" size="small" aria-label={`Upgrade to ${plan.name}`} onPress={() => upgrade(plan.name)}>
                Upgrade
              </Button>
            ) : null}
          </div>
        ))}
      </div>
      {isEnabled(flags, 'billing:all') ? (
        <p className={page.subtitle}>
          <Button variant="ghost" size="small" onPress={() => onPanelChange('costControl')}>Cost control</Button>
        </p>
      ) : null}
      <Sheet
        side="right"
        title={panel === 'costControl' ? 'Cost control' : 'Change subscription plan'}
        isOpen={panel !== undefined}
        onOpenChange={(open) => !open && onPanelChange(undefined)}
      >
        {panel === 'costControl' ? (
          <CostControlPanel organization={organization} />
        ) : (
          <SubscriptionPanel organization={organization} flags={flags} canChangePlan={canChangePlan} />
        )}
      </Sheet>
    </section>
  );
}

function SubscriptionPanel({ organization, flags, canChangePlan }: { organization: Organization; flags: Flags; canChangePlan: boolean }) {
  const actor = usePlanChangeActor(organization.slug);
  const switchingTo = useSelector(actor, selectSwitchingTo);
  const canSwitch = useSelector(actor, selectCanSwitch);
  const error = useSelector(actor, selectError);
  const switchedTo = useSelector(actor, selectSwitchedTo);
  const disabled = isEnabled(flags, 'disableProjectCreationAndUpdate');
  return (
    <div className={css.panel} data-testid="subscription-panel">
      <p className={css.muted}>
        Plans are not charged on the local platform: there is no payment provider, so switching plans only changes
        which limits and features apply to this organization.
      </p>
      {disabled ? <div role="alert" className={css.alert}>{SUBSCRIPTION_CHANGES_DISABLED}</div> : null}
      {!canChangePlan ? <p className={css.muted}>You need additional permissions to amend subscriptions</p> : null}
      {switchedTo ? <div role="status" className={css.notice}>The organization is now on the {ALL_PLANS.find((p) => p.id === switchedTo)?.name} plan.</div> : null}
      {error ? <div role="alert" className={css.alert}>{error}</div> : null}
      {ALL_PLANS.map((plan) => (
        <div key={plan.id} className={css.panelRow}>
          <span>{plan.name}</span>
          {organization.plan.id === plan.id ? (
            <Badge>Current plan</Badge>
          ) : (
            <Button
              size="small"
              variant={isUpgrade(organization.plan.id, plan.id) ? 'primary' : 'outline'}
              isDisabled={disabled || !canChangePlan || !canSwitch}
              isPending={switchingTo === plan.id}
              onPress={() => actor.send({ type: 'plan.switch', plan: plan.id })}
            >
              Switch to {plan.name}
            </Button>
          )}
        </div>
      ))}
    </div>
  );
}

function CostControlPanel({ organization }: { organization: Organization }) {
  return (
    <div className={css.panel} data-testid="cost-control-panel">
      <p className={css.muted}>
        {organization.usage_billing_enabled
          ? 'The spend cap is off: usage above the plan\'s free units would be billed.'
          : 'The spend cap is on: usage is capped at the plan\'s free units.'}{' '}
        Nothing is billed on the local platform.
      </p>
    </div>
  );
}
