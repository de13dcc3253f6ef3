// The projects page's controls (spec A2.2, A7, A8): search, sort, status filter, view mode, 'New project' and the
// load failure's retry. react-aria's fields, selects and buttons are most of the page's script: they load beside
// the cards, which show as soon as the first page is there (issue 15: projects list, first card).
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { infiniteListMachine } from '../../../machines/infinite-list.machine.ts';
import { selectSearchText, selectSort, selectStatuses } from '../../../machines/infinite-list.selectors.ts';
import {
  PROJECT_SORT_LABELS,
  PROJECT_STATUS_FILTERS,
  statusFilterOf,
  statusesOf,
  type ProjectStatusFilterId,
  type ProjectsViewMode,
} from '../../domain/project-list-view.ts';
import { PROJECT_SORTS } from '../../domain/projects.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorIcon, PlusIcon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { WithTooltip } from '../../ui/Tooltip.tsx';
import * as css from './ProjectsPage.css.ts';

type ListActor = ActorRefFrom<typeof infiniteListMachine>;

const SORT_OPTIONS = PROJECT_SORTS.map((id) => ({ id, label: PROJECT_SORT_LABELS[id] }));
const STATUS_OPTIONS = PROJECT_STATUS_FILTERS.map(({ id, label }) => ({ id, label }));

/** 'New project' (shown when the projects:create flag gives a target). */
export function NewProjectButton({ href }: { href: string }) {
  const navigate = useNavigate();
  return (
    <Button variant="primary" size="small" icon={<PlusIcon size={14} />} onPress={() => void navigate({ to: href })}>
      New project
    </Button>
  );
}

export function Toolbar({ list, mode, onModeChange }: { list: ListActor; mode: ProjectsViewMode; onModeChange: (mode: ProjectsViewMode) => void }) {
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

export /** 'Failed to retrieve projects' with the server's message in a tooltip and a retry (spec A8). */
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
