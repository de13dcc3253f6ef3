import { createFileRoute } from '@tanstack/react-router';
import { listQueryOf, parseProjectListSearch, type ProjectListSearch } from '../../../../domain/project-list.ts';
import { normaliseSearch } from '../../../../domain/lists.ts';
import { PROJECT_LIST_PAGE_SIZE } from '../../../../domain/projects.ts';
import { prefetchProjectsPage } from '../../../../actors/projects-prefetch.ts';
import { ProjectsPage } from '../../../../views/projects/ProjectsPage.tsx';

// spec A2.2 /org/{slug}: the organization's projects; the list query lives in the address (?search=&sort=&statuses=).
export const Route = createFileRoute('/_app/org/$slug/')({
  staticData: { title: 'Projects' },
  validateSearch: (raw: Record<string, unknown>): ProjectListSearch => parseProjectListSearch(raw),
  loaderDeps: ({ search }) => search,
  // The first page is asked for here, while the page's code loads, and the list takes it (issue 15); not awaited,
  // so the page renders as before. A query changed on the page ('stay') is the list's own fetch.
  loader: ({ params, deps, cause }) => {
    if (cause === 'stay') return;
    const query = listQueryOf(deps);
    prefetchProjectsPage(params.slug, { limit: PROJECT_LIST_PAGE_SIZE, offset: 0, sort: query.sort, search: normaliseSearch(query.search), statuses: query.statuses });
  },
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
