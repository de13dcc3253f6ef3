// /project/{ref}/api (spec B2.5): the API docs as a page.
import type { ApiDocsData } from '../../actors/api-docs.ts';
import type { Project } from '../../api/types.ts';
import { can } from '../../domain/permissions.ts';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { ApiDocs } from './ApiDocs.tsx';

export function ApiDocsPage({ project, data }: { project: Project; data: ApiDocsData }) {
  const flags = useFeatureFlags();
  const role = useProjectRole(project);
  return <ApiDocs key={project.ref} projectRef={project.ref} data={data} flags={flags} canRevealKeys={can(role, 'READ', 'service_api_keys')} />;
}
