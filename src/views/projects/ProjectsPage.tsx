import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
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
  selectSearchText,
  selectSort,
  selectStatuses,
} from '../../../machines/infinite-list.selectors.ts';
import { readStoredProjectsViewMode, storeProjectsViewMode } from '../../actors/projects-view-mode.ts';
import type { Project } from '../../api/types.ts';
import { newProjectHref } from '../../domain/navigation/header.ts';
import {
  PROJECT_SORT_LABELS,
  PROJECT_STATUS_FILTERS,
  listQueryOf,
  projectListSearchOf,
  statusFilterOf,
  statusesOf,
  type ProjectListSearch,
  type ProjectStatusFilterId,
  type ProjectsViewMode,
} from '../../domain/project-list.ts';
import { PROJECT_SORTS } from '../../domain/projects.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorIcon, PlusIcon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { WithTooltip } from '../../ui/Tooltip.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import { ProjectCardSkeletons, ProjectCards } from './ProjectCards.tsx';
import { useProjectsListActor } from '../shared/useProjectsListActor.ts';
import * as css from './ProjectsPage.css.ts';

type ListActor = ActorRefFrom<typeof infiniteListMachine>;

const SORT_OPTIONS = PROJECT_SORTS.map((id) => ({ id, label: PROJECT_SORT_LABELS[id] }));
const STATUS_OPTIONS = PROJECT_STATUS_FILTERS.map(({ id, label }) => ({ id, label }));
const SKELETONS = 6;

export interface ProjectsPageProps {
  slug: string;
  /** The list query in the address bar (?search=&sort=&statuses=). */
  urlSearch: ProjectListSearch;
  /** Rewrites the address bar with the query the list applied (no history entry). */
  onUrlSearchChange: (next: ProjectListSearch) => void;
}

/** /org/{slug}: the organization's projects, searched, sorted, filtered and paged as the user scrolls (spec A2.2, A7). */
export function ProjectsPage({ slug, urlSearch, onUrlSearchChange }: ProjectsPageProps) {
  const list = useProjectsListActor(slug, listQueryOf(urlSearch));
  useUrlSync(list, urlSearch, onUrlSearchChange);
  const [mode, setMode] = useState<ProjectsViewMode>(readStoredProjectsViewMode);
  const { flags } = useAppContext();
  const navigate = useNavigate();
  const newHref = newProjectHref(flags, slug);
  const newProject = newHref ? (
    <Button variant="primary" size="small" icon={<PlusIcon size={14} />} onPress={() => void navigate({ to: newHref })}>
      New project
    </Button>
  ) : null;

  return (
    <section className={css.page} aria-labelledby="projects-title">
      <div className={css.header}>
        <h1 id="projects-title" className={css.title}>
          Projects
        </h1>
        {newProject}
      </div>
      <Toolbar list={list} mode={mode} onModeChange={(next) => (setMode(next), storeProjectsViewMode(next))} />
      <ProjectsContent list={list} mode={mode} newProject={newProject} />
    </section>
  );
}

/**
 * The router owns the address; the list owns the query it applied. The address → list direction covers loads and
 * back/forward (applied at once); the list → address direction writes the settled search, sort and filter back.
 * Each direction is a no-op when both already agree, so they never ping-pong.
 */
function useUrlSync(list: ListActor, urlSearch: ProjectListSearch, onUrlSearchChange: (next: ProjectListSearch) => void) {
  const search = useSelector(list, selectSearch);
  const sort = useSelector(list, selectSort);
  const statuses = useSelector(list, selectStatuses);
  const urlKey = JSON.stringify(projectListSearchOf(listQueryOf(urlSearch)));
  const appliedKey = JSON.stringify(projectListSearchOf({ search, sort, statuses }));

  useEffect(() => {
    list.send({ type: 'list.setQuery', ...listQueryOf(JSON.parse(urlKey) as ProjectListSearch) });
  }, [list, urlKey]);

  // Only a newly applied query is written back; onUrlSearchChange (a fresh closure every render) and the address's
  // current query are read at that moment, not followed.
  const writeBack = useEffectEvent((key: string) => {
    if (key !== urlKey) onUrlSearchChange(JSON.parse(key) as ProjectListSearch);
  });
  useEffect(() => writeBack(appliedKey), [appliedKey]);
}

function Toolbar({ list, mode, onModeChange }: { list: ListActor; mode: ProjectsViewMode; onModeChange: (mode: ProjectsViewMode) => void }) {
  const searchText = useSelector(list, selectSearchText);
  const sort = useSelector(list, selectSort);
  const statuses = useSelector(list, selectStatuses);
  return (
    <div className={css.toolbar}>
      <TextField
        aria-label="Search for a project"
        placeholder="Search for a project"
        type="search"
        className={css.search}
        value={searchText}
        onChange={(text) => list.send({ type: 'list.search', text })}
      />
      <Select
        aria-label="Sort projects"
        className={css.select}
        options={SORT_OPTIONS}
        value={sort ?? 'name_asc'}
        onChange={(key) => key !== null && list.send({ type: 'list.setSort', sort: String(key) })}
      />
      <Select
        aria-label="Filter by status"
        className={css.select}
        options={STATUS_OPTIONS}
        value={statusFilterOf(statuses)}
        onChange={(key) => key !== null && list.send({ type: 'list.setStatuses', statuses: statusesOf(key as ProjectStatusFilterId) })}
      />
      <ToggleButtonGroup
        aria-label="View mode"
        className={css.toggles}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[mode]}
        onSelectionChange={(keys) => {
          const next = [...keys][0];
          if (next === 'grid' || next === 'list') onModeChange(next);
        }}
      >
        <ToggleButton id="grid" className={css.toggle} data-testid="view-grid">
          Grid
        </ToggleButton>
        <ToggleButton id="list" className={css.toggle} data-testid="view-list">
          List
        </ToggleButton>
      </ToggleButtonGroup>
    </div>
  );
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

  if (failedWithoutItems && error !== null) return <LoadFailure error={error} onRetry={() => list.send({ type: 'list.retry' })} />;
  if (loadingFirstPage) return <ProjectCardSkeletons mode={mode} count={SKELETONS} />;
  if (isEmpty && isFiltered) return <EmptyState level={2} title="No projects found based on your search" />;
  if (isEmpty) {
    return <EmptyState level={2} title="No projects yet" description="Create a project to get a Postgres database, an API and storage." action={newProject} />;
  }
  return (
    <>
      <ProjectCards projects={projects} mode={mode} />
      {loadingMore ? <ProjectCardSkeletons mode={mode} count={mode === 'grid' ? 3 : 2} /> : null}
      {error !== null ? <LoadFailure error={error} onRetry={() => list.send({ type: 'list.retry' })} /> : null}
      {hasMore && error === null ? <LoadMoreSentinel onVisible={() => list.send({ type: 'list.loadMore' })} resetKey={projects.length} /> : null}
    </>
  );
}

/** 'Failed to retrieve projects' with the server's message in a tooltip and a retry (spec A8). */
function LoadFailure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className={css.failure} role="alert">
      <WithTooltip content={error}>
        <Button variant="ghost" size="tiny" icon={<ErrorIcon size={16} />} aria-label={`Error details: ${error}`} />
      </WithTooltip>
      <span className={css.failureText}>Failed to retrieve projects</span>
      <Button size="small" onPress={onRetry}>
        Retry
      </Button>
    </div>
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
