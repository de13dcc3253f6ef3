import { Link } from '@tanstack/react-router';
import type { Project } from '../../api/types.ts';
import { statusBadgeVariant, statusLabel } from '../../domain/navigation/project-status.ts';
import type { ProjectsViewMode } from '../../domain/project-list-view.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import * as css from './ProjectsPage.css.ts';

/** The projects as cards (grid) or rows (list), each linking to /project/{ref}. */
export function ProjectCards({ projects, mode }: { projects: readonly Project[]; mode: ProjectsViewMode }) {
  return (
    <ul className={mode === 'grid' ? css.grid : css.list} aria-label="Projects" data-testid="project-list" data-view-mode={mode}>
      {projects.map((project) => (
        <li key={project.ref}>
          <Link to="/project/$ref" params={{ ref: project.ref }} className={mode === 'grid' ? css.card : css.row} data-testid="project-card">
            {mode === 'grid' ? <CardBody project={project} /> : <RowBody project={project} />}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ project }: { project: Project }) {
  return <Badge variant={statusBadgeVariant(project.status)}>{statusLabel(project.status)}</Badge>;
}

function CardBody({ project }: { project: Project }) {
  return (
    <>
      <h2 className={css.name}>{project.name}</h2>
      <span className={css.mono}>{project.ref}</span>
      <div className={css.cardFooter}>
        <span className={css.meta}>{project.region}</span>
        <StatusBadge project={project} />
      </div>
    </>
  );
}

function RowBody({ project }: { project: Project }) {
  return (
    <>
      <h2 className={css.name}>{project.name}</h2>
      <span>
        <StatusBadge project={project} />
      </span>
      <span className={css.meta}>{project.region}</span>
      <span className={css.mono}>{project.ref}</span>
    </>
  );
}

/** Placeholders in the shape of the current view mode while the first page (or the next one) loads. */
export function ProjectCardSkeletons({ mode, count }: { mode: ProjectsViewMode; count: number }) {
  return (
    <ul className={mode === 'grid' ? css.grid : css.list} aria-hidden data-testid="project-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className={mode === 'grid' ? css.card : css.row}>
            <Skeleton width="60%" height={16} />
            <Skeleton width="40%" height={12} />
            {mode === 'grid' ? <Skeleton width="30%" height={12} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
