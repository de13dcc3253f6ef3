// The paused-project card (spec A2.9) is loaded when a paused project is shown: the status gate, the project home and
// storage import this module on every first load, while the card, its resume and members dialogs (react-aria's
// dialog, select and form code) only ever show for a paused project (issue 15: first-load JavaScript).
import { lazy, Suspense } from 'react';
import type { Project } from '../../api/types.ts';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import * as css from './ProjectLifecycle.css.ts';

const ProjectPausedCardView = lazy(() => import('./ProjectPausedCardView.tsx').then((module) => ({ default: module.ProjectPausedCard })));

export function ProjectPausedCard({ project }: { project: Project }) {
  return (
    <Suspense fallback={<PausedCardPlaceholder project={project} />}>
      <ProjectPausedCardView project={project} />
    </Suspense>
  );
}

/** The card's frame and title while its code loads; the card itself shows skeleton lines while reading the pause status. */
function PausedCardPlaceholder({ project }: { project: Project }) {
  return (
    <div className={css.pausedWrap}>
      <section className={css.pausedCard} aria-busy="true">
        <h1 className={css.title}>The project "{project.name}" is currently paused.</h1>
        <SkeletonLines lines={3} />
      </section>
    </div>
  );
}
