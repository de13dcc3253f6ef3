import { Link } from '@tanstack/react-router';
import type { Organization } from '../../api/types.ts';
import { Badge } from '../../ui/Badge.tsx';
import { ManagedByHint } from '../../ui/ManagedByHint.tsx';
import * as css from '../../ui/Page.css.ts';
import * as local from './OrganizationsPage.css.ts';

/**
 * /organizations: every organization of the user (spec A2.2); partner-managed ones say so (spec A1). 'New organization'
 * goes to /new when organizations:create is on (spec A2.3) — also, and above all, when the user has none yet.
 */
export function OrganizationsPage({ organizations, newOrganizationHref }: { organizations: Organization[]; newOrganizationHref: string | null }) {
  const newOrganization = newOrganizationHref ? (
    <Link to={newOrganizationHref} className={css.card} data-testid="new-organization">
      <h2 className={css.cardTitle}>New organization</h2>
    </Link>
  ) : null;
  return (
    <section className={css.page} aria-labelledby="orgs-title">
      <h1 id="orgs-title" className={css.title}>
        Your Organizations
      </h1>
      {organizations.length === 0 ? (
        <>
          <div className={css.empty}>You are not a member of any organization yet.</div>
          {newOrganization ? <div className={css.grid}>{newOrganization}</div> : null}
        </>
      ) : (
        <div className={css.grid}>
          {organizations.map((org) => (
            // The hint sits beside the card's link, not inside it: a focusable control cannot nest in a link.
            <div key={org.slug} className={local.cardWrap}>
              <Link to="/org/$slug" params={{ slug: org.slug }} className={css.card}>
                <h2 className={css.cardTitle}>{org.name}</h2>
                <p className={css.cardText}>
                  <Badge>{org.plan.name}</Badge>
                </p>
              </Link>
              <span className={local.hint}>
                <ManagedByHint managedBy={org.managed_by} />
              </span>
            </div>
          ))}
          {newOrganization}
        </div>
      )}
    </section>
  );
}
