import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { infiniteListMachine } from '../../../machines/infinite-list.machine.ts';
import {
  selectError,
  selectFailedWithoutItems,
  selectHasMore,
  selectIsEmpty,
  selectIsFiltered,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectItems,
  selectSearch,
  selectSort,
  selectStatuses,
} from '../../../machines/infinite-list.selectors.ts';
import { readStoredProjectsViewMode, storeProjectsViewMode } from '../../actors/projects-view-mode.ts';
import type { LoadedProjectsPage } from '../../actors/projects-list.ts';
import type { Project } from '../../api/types.ts';
import { newProjectHref } from '../../domain/navigation/header.ts';
import { listQueryOf, projectListSearchOf, type ProjectListSearch } from '../../domain/project-list.ts';
import type { ProjectsViewMode } from '../../domain/project-list-view.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { ProjectCardSkeletons, ProjectCards } from './ProjectCards.tsx';
import { useProjectsListActor } from '../shared/useProjectsListActor.ts';
import * as css from './ProjectsPage.css.ts';

type ListActor = ActorRefFrom<typeof infiniteListMachine>;

const SKELETONS = 6;

// The controls load beside the cards (ProjectsToolbar.tsx): the first card does not wait for react-aria's fields,
// selects and buttons (issue 15). The toolbar's frame keeps its place meanwhile.
const controls = () => import('./ProjectsToolbar.tsx');
const Toolbar = lazy(() => controls().then((module) => ({ default: module.Toolbar })));
const NewProjectButton = lazy(() => controls().then((module) => ({ default: module.NewProjectButton })));
const LoadFailure = lazy(() => controls().then((module) => ({ default: module.LoadFailure })));

export interface ProjectsPageProps {
  slug: string;
  /** The list query in the address bar (?search=&sort=&statuses=). */
  urlSearch: ProjectListSearch;
  /** Rewrites the address bar with the query the list applied (no history entry). */
  onUrlSearchChange: (next: ProjectListSearch) => void;
  /** The first page the route's loader asked for (issue 15). */
  firstPage?: LoadedProjectsPage;
}

/** /org/{slug}: the organization's projects, searched, sorted, filtered and paged as the user scrolls (spec A2.2, A7). */
export function ProjectsPage({ slug, urlSearch, onUrlSearchChange, firstPage }: ProjectsPageProps) {
  const list = useProjectsListActor(slug, listQueryOf(urlSearch), firstPage);
  useUrlSync(list, urlSearch, onUrlSearchChange);
  const [mode, setMode] = useState<ProjectsViewMode>(readStoredProjectsViewMode);
  const flags = useFeatureFlags();
  const newHref = newProjectHref(flags, slug);
  const newProject = newHref ? (
    <Suspense fallback={null}>
      <NewProjectButton href={newHref} />
    </Suspense>
  ) : null;

  return (
    <section className={css.page} aria-labelledby="projects-title">
      <div className={css.header}>
        <h1 id="projects-title" className={css.title}>
          Projects
        </h1>
        {newProject}
      </div>
      <Suspense fallback={<div className={css.toolbar} aria-busy="true" />}>
        <Toolbar list={list} mode={mode} onModeChange={(next) => (setMode(next), storeProjectsViewMode(next))} />
      </Suspense>
      <ProjectsContent list={list} mode={mode} newProject={newProject} />
    </section>
  );
}

/**
 * The router owns the address; the list owns the query it applied. The address → list direction covers loads and
 * back/forward (applied at once; the router hands the same search object while the address is unchanged); the
 * list → address direction writes the settled search, sort and filter back. Each direction is a no-op when both
 * already agree (sameListSearch), so they never ping-pong.
 */
function useUrlSync(list: ListActor, urlSearch: ProjectListSearch, onUrlSearchChange: (next: ProjectListSearch) => void) {
  const search = useSelector(list, selectSearch);
  const sort = useSelector(list, selectSort);
  const statuses = useSelector(list, selectStatuses);

  useEffect(() => {
    list.send({ type: 'list.setQuery', ...listQueryOf(urlSearch) });
  }, [list, urlSearch]);

  // Only a newly applied query is written back; onUrlSearchChange (a fresh closure every render) and the address's
  // current query are read at that moment, not followed.
  const writeBack = useEffectEvent((applied: ProjectListSearch) => {
    if (!sameListSearch(applied, projectListSearchOf(listQueryOf(urlSearch)))) onUrlSearchChange(applied);
  });
  useEffect(() => writeBack(projectListSearchOf({ search, sort, statuses })), [search, sort, statuses]);
}

/** The same list query in the address: search, sort and statuses (defaults and blanks already left out). */
export function sameListSearch(a: ProjectListSearch, b: ProjectListSearch): boolean {
  return a.search === b.search && a.sort === b.sort && a.statuses === b.statuses;
}

function ProjectsContent({ list, mode, newProject }: { list: ListActor; mode: ProjectsViewMode; newProject: React.ReactNode }) {
  const projects = useSelector(list, selectItems<Project>);
  const loadingFirstPage = useSelector(list, selectIsLoadingFirstPage);
  const failedWithoutItems = useSelector(list, selectFailedWithoutItems);
  const error = useSelector(list, selectError);
  const isEmpty = useSelector(list, selectIsEmpty);
  const isFiltered = useSelector(list, selectIsFiltered);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);

  const failure = error !== null && (
    <Suspense fallback={<span role="alert">Failed to retrieve projects</span>}>
      <LoadFailure error={error} onRetry={() => list.send({ type: 'list.retry' })} />
    </Suspense>
  );
  if (failedWithoutItems && error !== null) return failure;
  if (loadingFirstPage) return <ProjectCardSkeletons mode={mode} count={SKELETONS} />;
  if (isEmpty && isFiltered) return <EmptyState level={2} title="No projects found based on your search" />;
  if (isEmpty) {
    return <EmptyState level={2} title="No projects yet" description="Create a project to get a Postgres database, an API and storage." action={newProject} />;
  }
  return (
    <>
      <ProjectCards projects={projects} mode={mode} />
      {loadingMore ? <ProjectCardSkeletons mode={mode} count={mode === 'grid' ? 3 : 2} /> : null}
      {failure || null}
      {hasMore && error === null ? <LoadMoreSentinel onVisible={() => list.send({ type: 'list.loadMore' })} resetKey={projects.length} /> : null}
    </>
  );
}

/**
 * The end of the list: when it scrolls into view the next page is asked for. `resetKey` (the item count) renews
 * the observer after a page lands, so a sentinel still in view asks again.
 */
function LoadMoreSentinel({ onVisible, resetKey }: { onVisible: () => void; resetKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [resetKey]);
  return <div ref={ref} className={css.sentinel} data-testid="load-more-sentinel" aria-hidden />;
}
