// The projects page's grid/list choice, a local preference (spec A3 "projects view mode").
import { PROJECTS_VIEW_MODE_KEY, readProjectsViewMode, type ProjectsViewMode } from '../domain/project-list-view.ts';

/** The stored view mode, or the default when storage is empty, tampered with or blocked. */
export function readStoredProjectsViewMode(): ProjectsViewMode {
  try {
    return readProjectsViewMode(window.localStorage.getItem(PROJECTS_VIEW_MODE_KEY));
  } catch {
    return readProjectsViewMode(null);
  }
}

/** Keeps the choice; a full or blocked storage only loses it for the next visit. */
export function storeProjectsViewMode(mode: ProjectsViewMode): void {
  try {
    window.localStorage.setItem(PROJECTS_VIEW_MODE_KEY, mode);
  } catch {
    // Not persisted: this visit keeps the mode chosen.
  }
}
