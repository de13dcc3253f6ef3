import { Outlet, createFileRoute, useNavigate } from "@tanstack/react-router";
import { Suspense, lazy, useState } from "react";
import { writeLastVisitedOrg } from "../../../../actors/last-visited.ts";
import { RouteError } from "../../../../views/errors/RouteError.tsx";
import { fetchProject } from "../../../../api/platform.ts";
import { readSettingsWhileBuilding } from "../../../../api/project-status.ts";
import { fetchPermissions } from "../../../../api/project-lifecycle.ts";
import { ProjectStatusProvider } from "../../../../views/shared/ProjectStatusContext.tsx";
import { ProjectStatusGate } from "../../../../views/project-status/ProjectStatusGate.tsx";
import { ProjectEditorStateProvider } from "../../../../views/editor/ProjectEditorState.tsx";
import { PROJECT_DETAILS_STALE_MS } from "../../../../domain/cache.ts";
import { bool, compact, str } from "../../../../search-params.ts";
import { assertProjectRefParam } from "../../../../domain/error-pages.ts";

// The API docs panel, the Connect dialog and its MCP tab load when first opened, not with every project page: they
// pulled the dialog, select, switch and tab modules (~40 KB gzip) into the project home's critical path (issue 15).
const ApiDocsSidePanel = lazy(() =>
  import("../../../../views/api-docs/ApiDocsSidePanel.tsx").then((m) => ({
    default: m.ApiDocsSidePanel,
  })),
);
const ConnectDialogHost = lazy(() =>
  import("../../../../views/connect/ConnectDialogHost.tsx").then((m) => ({
    default: m.ConnectDialogHost,
  })),
);
const ProjectMcpTab = lazy(() =>
  import("../../../../views/mcp/McpTab.tsx").then((m) => ({
    default: m.ProjectMcpTab,
  })),
);

// spec A2.10: the Connect dialog is driven by query parameters on any project page; spec A2.8: ?trackingId for
// the upgrade screen. Values are validated where they are used (the Connect dialog resets bad type/method).
export const Route = createFileRoute("/_app/project/$ref")({
  validateSearch: (raw: Record<string, unknown>) =>
    compact({
      showConnect: bool(raw, "showConnect"),
      connectTab: str(raw, "connectTab"),
      framework: str(raw, "framework"),
      using: str(raw, "using"),
      with: str(raw, "with"),
      type: str(raw, "type"),
      source: str(raw, "source"),
      method: str(raw, "method"),
      trackingId: str(raw, "trackingId"),
      // spec A2.2, B2.5: the API docs side panel (apiDocsSidePanel flag) is open over the page.
      apiDocs: bool(raw, "apiDocs"),
    }),
  // spec A2.14: a malformed ref is a bad request (the 400 page), asked of no one; before any loader below runs.
  beforeLoad: ({ params }) => assertProjectRefParam(params.ref),
  loader: async ({ params }) => {
    // spec A6: the user's memberships, read beside the project (in parallel) for the permission checks of every
    // page below (useProjectRole). A failed read leaves the role unknown: controls stay off, the page still shows.
    const permissions = fetchPermissions().catch(() => undefined);
    const project = await fetchProject(params.ref);
    if (project.organization_slug)
      writeLastVisitedOrg(project.organization_slug);
    // The header's project switcher pages the organization's projects itself (infinite-list machine).
    // spec A2.8, A2.13: a project being built shows its API keys on the building screen.
    return {
      project,
      settings: await readSettingsWhileBuilding(project),
      permissions: await permissions,
    };
  },
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: ProjectLayout,
  errorComponent: RouteError,
});

// spec A2.8: every project page sits behind the status screens; one status actor per project (keyed by ref).
function ProjectLayout() {
  const { project, settings } = Route.useLoaderData();
  const search = Route.useSearch();
  const { trackingId, apiDocs } = search;
  const navigate = useNavigate();
  // Mounted from the first ?showConnect=true on (and kept: its machine owns the open/close rules of A2.10).
  const [connectWanted, setConnectWanted] = useState(false);
  if (search.showConnect && !connectWanted) setConnectWanted(true);
  return (
    <ProjectStatusProvider key={project.ref} project={project}>
      <ProjectStatusGate settings={settings} trackingId={trackingId}>
        {/* spec B2.2, B2.7: the tabs, recent items and impersonated role the table editor and the SQL editor share,
            per project ref; created by the editors on first use (issue 15: no editor code on other pages) */}
        <ProjectEditorStateProvider projectRef={project.ref}>
          <Outlet />
        </ProjectEditorStateProvider>
        {apiDocs && (
          <Suspense fallback={null}>
            <ApiDocsSidePanel
              project={project}
              onClose={() =>
                void navigate({
                  to: ".",
                  search: (prev: Record<string, unknown>) => ({
                    ...prev,
                    apiDocs: undefined,
                  }),
                })
              }
            />
          </Suspense>
        )}
      </ProjectStatusGate>
      {/* spec A2.10: ?showConnect=true opens the Connect dialog over any project page (only while ACTIVE_HEALTHY) */}
      {connectWanted && (
        <Suspense fallback={null}>
          <ConnectDialogHost
            projectRef={project.ref}
            search={search}
            mcpTab={
              <Suspense fallback={null}>
                <ProjectMcpTab projectRef={project.ref} />
              </Suspense>
            }
          />
        </Suspense>
      )}
    </ProjectStatusProvider>
  );
}
