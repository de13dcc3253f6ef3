// /project/{ref}/database/replication (spec A2.6; issue 20): the project's read replicas (spec A4.5) — the panel the
// Infrastructure settings show too — and the note that logical replication carries rows, not schema changes. A
// paused project shows the paused card.
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { selectStatus } from '../../../../machines/project-status.selectors.ts';
import type { Project } from '../../../api/types.ts';
import { ProjectPausedCard } from '../../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../../shared/ProjectStatusContext.tsx';
import { useShellData } from '../../shared/useShellData.ts';
import { ReplicasPanel } from '../../replicas/ReplicasPanel.tsx';
import { SkeletonLines } from '../../../ui/Skeleton.tsx';
import * as css from '../shared/Database.css.ts';

export function ReplicationPage({ projectRef }: { projectRef: string }) {
  const { project } = useShellData();
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project?.status;
  if (project && status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>Replication</h1>
          <p className={css.subtitle}>
            Read replicas serve read-only queries from copies of this database. To stream changes to a subscriber you run yourself, use{' '}
            <Link to="/project/$ref/database/publications" params={{ ref: projectRef }}>Publications</Link>.
          </p>
        </div>
      </header>
      {project ? <ReplicasPanel project={project as Project} /> : <SkeletonLines lines={3} />}
    </div>
  );
}
