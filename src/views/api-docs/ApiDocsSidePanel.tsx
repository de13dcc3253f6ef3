// The API docs side panel (spec A2.2, B2.5): behind the apiDocsSidePanel flag the sidebar's API Docs item opens it
// over the current page instead of navigating; 30–50 % of the width (C9). Its data is read by a task actor when it
// opens (src/actors/api-docs.ts), since no route loader serves a panel that any project page can show.
import { useEffect, useId } from 'react';
import { loadApiDocsTask, type ApiDocsData } from '../../actors/api-docs.ts';
import type { Project } from '../../api/types.ts';
import { can } from '../../domain/permissions.ts';
import { API_DOCS_TEXT } from '../../domain/api-snippets.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTask } from '../shared/useTask.ts';
import { ApiDocs } from './ApiDocs.tsx';
import * as css from './ApiDocs.css.ts';

export function ApiDocsSidePanel({ project, onClose }: { project: Project; onClose: () => void }) {
  const flags = useFeatureFlags();
  const role = useProjectRole(project);
  const task = useTask(loadApiDocsTask);
  const titleId = useId();
  const { run } = task;
  useEffect(() => {
    run({ ref: project.ref });
    // Once per opened panel and project.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project.ref]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const data = task.output as ApiDocsData | null;
  return (
    <aside className={css.panel} role="complementary" aria-labelledby={titleId} data-testid="api-docs-panel">
      <div className={css.panelHead}>
        <h2 className={css.subtitle} id={titleId}>
          {API_DOCS_TEXT.title}
        </h2>
        <Button variant="ghost" size="tiny" onPress={onClose}>
          Close
        </Button>
      </div>
      {task.error ? (
        <ErrorAlert subject="Failed to load the API docs" error={task.error} projectRef={project.ref} />
      ) : data ? (
        <ApiDocs projectRef={project.ref} data={data} flags={flags} canRevealKeys={can(role, 'READ', 'service_api_keys')} headingLevel={2} />
      ) : (
        <Spinner />
      )}
    </aside>
  );
}
