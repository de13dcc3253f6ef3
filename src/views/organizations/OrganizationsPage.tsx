import { Link } from '@tanstack/react-router';
import type { Organization } from '../../api/types.ts';
import { Badge } from '../../ui/Badge.tsx';
import * as css from '../pages/Page.css.ts';

/** /organizations: every organization of the user (spec A2.2). Creating one arrives with the organizations issue. */
export function OrganizationsPage({ organizations }: { organizations: Organization[] }) {
  return (
    <section className={css.page} aria-labelledby="orgs-title">
      <h1 id="orgs-title" className={css.title}>
        Your Organizations
      </h1>
      {organizations.length === 0 ? (
        <div className={css.empty}>You are not a member of any organization yet.</div>
      ) : (
        <div className={css.grid}>
          {organizations.map((org) => (
            <Link key={org.slug} to="/org/$slug" params={{ slug: org.slug }} className={css.card}>
              <h2 className={css.cardTitle}>{org.name}</h2>
              <p className={css.cardText}>
                <Badge>{org.plan.name}</Badge>
              </p>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
