import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import type { Project } from '../../api/types.ts';
import { projectHomeFacts } from '../../domain/project-home.ts';
import { Badge } from '../../ui/Badge.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import * as css from '../../ui/Page.css.ts';

const QUICK_LINKS = [
  { to: '/project/$ref/editor', title: 'Table Editor', text: 'Browse and edit the rows of your tables.' },
  { to: '/project/$ref/sql', title: 'SQL Editor', text: 'Run SQL against your database.' },
  { to: '/project/$ref/storage/buckets', title: 'Storage', text: 'Store and serve files.' },
  { to: '/project/$ref/api', title: 'API Docs', text: 'The REST API generated from your schema.' },
] as const;

/**
 * Project home (spec A2.2): name, status, region, compute size, PG version, quick links to the data tools. The status
 * is the live one of the project-status actor; a paused project shows its paused card here (spec A2.8).
 */
export function ProjectHome({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  const facts = projectHomeFacts(project, status);
  if (status === 'INACTIVE') {
    return (
      <section className={css.page}>
        <ProjectPausedCard project={project} />
      </section>
    );
  }
  return (
    <section className={css.page} aria-labelledby="project-title">
      <h1 id="project-title" className={css.title}>
        {project.name}
      </h1>
      <div className={css.facts}>
        <Fact
          label="Status"
          value={
            <Badge variant={facts.status.variant} data-testid="project-status" data-status={status}>
              {facts.status.label}
            </Badge>
          }
        />
        <Fact label="Region" value={project.region} />
        {facts.compute && <Fact label="Compute" value={<span data-testid="project-compute">{facts.compute}</span>} />}
        {facts.version && <Fact label="Postgres" value={facts.version} />}
        <Fact label="Reference" value={project.ref} />
      </div>
      <h2 className={css.sectionTitle}>Get started</h2>
      <div className={css.grid}>
        {QUICK_LINKS.map((link) => (
          <Link key={link.to} to={link.to} params={{ ref: project.ref }} className={css.card}>
            <h3 className={css.cardTitle}>{link.title}</h3>
            <p className={css.cardText}>{link.text}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className={css.fact}>
      <span className={css.factLabel}>{label}</span>
      <span className={css.factValue}>{value}</span>
    </div>
  );
}
