import { useSelector } from '@xstate/react';
import { useContext, useRef, type KeyboardEvent } from 'react';
import { Autocomplete, Collection, Input, Menu, MenuLoadMoreItem, OverlayTriggerStateContext, SearchField } from 'react-aria-components';
import {
  selectError,
  selectHasMore,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectItems,
  selectSearchText,
} from '../../../machines/infinite-list.selectors.ts';
import type { Project } from '../../api/types.ts';
import { listScrolls } from '../../domain/navigation/layout.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MenuItem, MenuSection, MenuSeparator } from '../../ui/Menu.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import * as menuCss from '../../ui/Menu.css.ts';
import { useProjectsListActor } from '../shared/useProjectsListActor.ts';
import * as css from './ProjectSwitcherMenu.css.ts';

export const NEW_PROJECT_KEY = '__new';

export interface ProjectSwitcherMenuProps {
  slug: string;
  currentRef: string | undefined;
  /** /new/{slug} when the projects:create flag is on, else null (spec A2.3). */
  newProjectHref: string | null;
  /** A project ref, or NEW_PROJECT_KEY. */
  onAction: (key: string) => void;
}

/**
 * The project switcher's popover body (spec A2.3): a search field (debounced 500 ms) over an infinite list of the
 * organization's projects. The field keeps focus while the arrow keys move through the list (react-aria
 * Autocomplete); the server filters, so the Autocomplete does not. The list lives while the popover is open.
 */
export function ProjectSwitcherMenu({ slug, currentRef, newProjectHref, onAction }: ProjectSwitcherMenuProps) {
  const list = useProjectsListActor(slug);
  const searchText = useSelector(list, selectSearchText);
  const projects = useSelector(list, selectItems<Project>);
  const loadingFirstPage = useSelector(list, selectIsLoadingFirstPage);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const error = useSelector(list, selectError);
  const nothingFound = !loadingFirstPage && error === null && projects.length === 0;
  const overlay = useContext(OverlayTriggerStateContext);
  // Whether the arrow keys moved through the list since the last keystroke in the field.
  const browsed = useRef(false);

  // Typing a name and Enter goes to that project (issue 24): the search is debounced and the list reloads, so the
  // list's highlight can sit on 'New project' (the only item while it loads) when Enter comes. Unless the user
  // moved through the list with the arrows, Enter takes the first listed project whose name holds the text, or
  // waits for the list when none does yet.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(event.key)) browsed.current = true;
    if (event.key !== 'Enter' || browsed.current) return;
    const text = searchText.trim().toLowerCase();
    if (text === '') return;
    event.preventDefault();
    event.stopPropagation();
    const match = projects.find((project) => project.name.toLowerCase().includes(text));
    if (!match) return;
    overlay?.close();
    onAction(match.ref);
  };

  return (
    <div className={css.panel} onKeyDownCapture={onKeyDownCapture}>
      <Autocomplete
        inputValue={searchText}
        onInputChange={(text) => {
          browsed.current = false;
          list.send({ type: 'list.search', text });
        }}
      >
        <SearchField aria-label="Find project" autoFocus className={css.search}>
          <Input className={css.input} placeholder="Find project..." data-testid="project-switcher-search" />
        </SearchField>
        <Menu
          aria-label="Projects"
          className={[menuCss.menu, listScrolls(projects.length) ? css.scrolling : ''].filter(Boolean).join(' ')}
          onAction={(key) => onAction(String(key))}
        >
          <MenuSection title="Projects">
            <Collection items={projects}>
              {(project) => (
                <MenuItem id={project.ref} textValue={project.name}>
                  <span>{project.name}</span>
                  {project.ref === currentRef && <Icon name="check" size={14} className={css.check} />}
                </MenuItem>
              )}
            </Collection>
            {nothingFound ? (
              <MenuItem id="__none" isDisabled>
                No results found.
              </MenuItem>
            ) : null}
            {error !== null ? (
              <MenuItem id="__error" isDisabled textValue="Failed to retrieve projects">
                Failed to retrieve projects
              </MenuItem>
            ) : null}
          </MenuSection>
          <MenuLoadMoreItem
            className={css.loading}
            isLoading={loadingFirstPage || loadingMore}
            onLoadMore={() => hasMore && list.send({ type: 'list.loadMore' })}
          >
            <Spinner size={14} label="Loading projects" />
          </MenuLoadMoreItem>
          {newProjectHref ? (
            <>
              <MenuSeparator />
              <MenuItem id={NEW_PROJECT_KEY} textValue="New project" icon={<Icon name="plus" size={14} />}>
                New project
              </MenuItem>
            </>
          ) : null}
        </Menu>
      </Autocomplete>
      {hasMore ? <p className={css.hint}>Not all projects are shown here. Try searching to find a specific project.</p> : null}
    </div>
  );
}
