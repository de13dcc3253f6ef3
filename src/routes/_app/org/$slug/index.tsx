import { createFileRoute } from '@tanstack/react-router';
import { listQueryOf, parseProjectListSearch, type ProjectListSearch } from '../../../../domain/project-list.ts';
import { normaliseSearch } from '../../../../domain/lists.ts';
import { PROJECT_LIST_PAGE_SIZE } from '../../../../domain/projects.ts';
import { fetchOrganizationProjects, type ProjectListQuery } from '../../../../api/platform.ts';
import { ProjectsPage } from '../../../../views/projects/ProjectsPage.tsx';

// spec A2.2 /org/{slug}: the organization's projects; the list query lives in the address (?search=&sort=&statuses=).
export const Route = createFileRoute('/_app/org/$slug/')({
  staticData: { title: 'Projects' },
  validateSearch: (raw: Record<string, unknown>): ProjectListSearch => parseProjectListSearch(raw),
  loaderDeps: ({ search }) => search,
  // The first page is asked for here, while the page's code loads, and handed to the page's list as loader data
  // (issue 15); not awaited, so the page renders as before. A query changed on the page ('stay') is the list's
  // own fetch.
  loader: ({ params, deps, cause }) => {
    if (cause === 'stay') return { firstPage: undefined };
    const list = listQueryOf(deps);
    const query: ProjectListQuery = { limit: PROJECT_LIST_PAGE_SIZE, offset: 0, sort: list.sort, search: normaliseSearch(list.search), statuses: list.statuses };
    const page = fetchOrganizationProjects(params.slug, query);
    // The list that takes it sees a failure (and shows its error); untaken, it must not be an unhandled rejection.
    page.catch(() => undefined);
    return { firstPage: { slug: params.slug, query, page } };
  },
  component: OrgProjectsRoute,
});

function OrgProjectsRoute() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { firstPage } = Route.useLoaderData();
  return (
    <ProjectsPage
      key={slug}
      slug={slug}
      firstPage={firstPage}
      urlSearch={search}
      // Shallow: the address follows the list without a history entry (spec A2.1).
      onUrlSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
