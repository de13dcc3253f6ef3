// /project/{ref}/database/replication (spec A2.6: Replication is labelled 'Coming soon' unless enabled; issue 19).
// Read replicas are a later issue: this page says so plainly and shows nothing that looks like a working feature.
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { buttonClasses } from '../../../ui/ButtonLook.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import * as css from '../shared/Database.css.ts';

export function ReplicationPage({ projectRef }: { projectRef: string }) {
  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>Replication</h1>
          <p className={css.subtitle}>
            <Badge>Coming soon</Badge> Read replicas and replication to other destinations are not available on this platform yet.
          </p>
        </div>
      </header>
      <EmptyState
        title="Replication is coming soon"
        description="Read replicas will serve read-only traffic from copies of this database. Until then, publications already stream changes to logical replication subscribers you run yourself."
        action={
          <Link to="/project/$ref/database/publications" params={{ ref: projectRef }} className={buttonClasses({ variant: 'default', size: 'tiny' })}>
            Go to Publications
          </Link>
        }
        level={2}
      />
    </div>
  );
}
