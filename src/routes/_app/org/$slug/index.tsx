import { createFileRoute } from '@tanstack/react-router';
import { parseProjectListSearch, type ProjectListSearch } from '../../../../domain/project-list.ts';
import { ProjectsPage } from '../../../../views/projects/ProjectsPage.tsx';

// spec A2.2 /org/{slug}: the organization's projects; the list query lives in the address (?search=&sort=&statuses=).
export const Route = createFileRoute('/_app/org/$slug/')({
  staticData: { title: 'Projects' },
  validateSearch: (raw: Record<string, unknown>): ProjectListSearch => parseProjectListSearch(raw),
  component: OrgProjectsRoute,
});

function OrgProjectsRoute() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProjectsPage
      key={slug}
      slug={slug}
      urlSearch={search}
      // Shallow: the address follows the list without a history entry (spec A2.1).
      onUrlSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
