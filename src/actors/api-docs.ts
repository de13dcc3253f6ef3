// Real effects of the API docs panel and the Data API settings (spec B2.5, B7; issue 17): the route loaders' reads
// (project URL and keys, the REST root's OpenAPI document, buckets, edge functions, the exposed schemas), the types
// download with its toasts, and saving the exposed schemas. Views never call src/api themselves (DESIGN §2, §3).
import { fromPromise } from 'xstate';
import { apiDocsMachine, type GenerateTypesInput } from '../../machines/api-docs.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { api } from '../api/client.ts';
import { fetchProjectSettings } from '../api/project-status.ts';
import { fetchBuckets } from '../api/storage.ts';
import { API_DOCS_TEXT, TYPES_FILE_NAME, type BucketInfo, type OpenApiDocument } from '../domain/api-snippets.ts';
import { apiKeysPanel } from '../domain/project-screens.ts';
import { toast } from '../ui/toast.ts';

const path = (ref: string) => encodeURIComponent(ref);

/** GET/PATCH /platform/projects/{ref}/config/postgrest: db_schema is a comma-separated list. */
export interface PostgrestConfig {
  db_schema: string;
  max_rows: number;
  db_extra_search_path: string;
}
const fetchPostgrestConfig = (ref: string) => api.get(`platform/projects/${path(ref)}/config/postgrest`).json<PostgrestConfig>();
const updatePostgrestConfig = (ref: string, body: Partial<Pick<PostgrestConfig, 'db_schema' | 'max_rows'>>) =>
  api.patch(`platform/projects/${path(ref)}/config/postgrest`, { json: body }).json<PostgrestConfig>();

/** 'public, api' → ['public', 'api']. */
export const schemaList = (value: string) => value.split(',').map((s) => s.trim()).filter((s) => s !== '');

export interface ApiDocsData {
  projectUrl: string | null;
  anonKey: string | null;
  serviceKey: string | null;
  doc: OpenApiDocument;
  /** Set when the REST root could not be read (a paused project answers 503). */
  docError: string | null;
  buckets: BucketInfo[];
  functions: string[];
  schemas: string[];
}

/** The REST root's OpenAPI document (B7: definitions and paths), read with the service key so every exposed relation shows. */
async function fetchOpenApi(projectUrl: string, key: string): Promise<OpenApiDocument> {
  const response = await fetch(`${projectUrl}/rest/v1/`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`The REST API answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** The route loader's read for /project/{ref}/api and the side panel. */
export async function loadApiDocs(ref: string): Promise<ApiDocsData> {
  const [settings, buckets, config, functions] = await Promise.all([
    fetchProjectSettings(ref),
    fetchBuckets(ref).catch(() => []),
    fetchPostgrestConfig(ref).catch(() => null),
    // spec B7 GET /v1/projects/{ref}/functions: no edge functions are served by this build, so a failed read is none.
    api.get(`v1/projects/${path(ref)}/functions`).json<{ slug?: string; name: string }[]>().then((list) => list.map((f) => f.name), () => [] as string[]),
  ]);
  const panel = apiKeysPanel(settings);
  let doc: OpenApiDocument = {};
  let docError: string | null = null;
  const readKey = panel.serviceRole ?? panel.anon;
  if (panel.projectUrl && readKey) {
    try {
      doc = await fetchOpenApi(panel.projectUrl, readKey);
    } catch (error) {
      docError = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    projectUrl: panel.projectUrl,
    anonKey: panel.anon,
    serviceKey: panel.serviceRole,
    doc,
    docError,
    buckets: buckets.map((b) => ({ id: b.id, name: b.name, public: b.public, allowed_mime_types: b.allowed_mime_types ?? null, file_size_limit: b.file_size_limit ?? null })),
    functions,
    schemas: config ? schemaList(config.db_schema) : ['public'],
  };
}

/** The route loader's read for /project/{ref}/settings/api. */
export async function loadDataApiSettings(ref: string): Promise<{ projectUrl: string | null; anonKey: string | null; serviceKey: string | null; config: PostgrestConfig }> {
  const [settings, config] = await Promise.all([fetchProjectSettings(ref), fetchPostgrestConfig(ref)]);
  const panel = apiKeysPanel(settings);
  return { projectUrl: panel.projectUrl, anonKey: panel.anon, serviceKey: panel.serviceRole, config };
}

/** Saves the exposed schemas (issue 17: /settings/api changes them). */
export const saveExposedSchemasTask = taskWith(({ ref, schemas }: { ref: string; schemas: string }) =>
  updatePostgrestConfig(ref, { db_schema: schemaList(schemas).join(',') }),
);

/** spec B7: reads the types and hands them to the browser as a file. */
async function downloadTypes({ ref, schemas }: GenerateTypesInput): Promise<void> {
  const { types } = await api
    .get(`v1/projects/${path(ref)}/types/typescript`, { searchParams: { included_schemas: schemas.join(',') } })
    .json<{ types: string }>();
  const url = URL.createObjectURL(new Blob([types], { type: 'text/typescript' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TYPES_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const apiDocsWithPlatform = apiDocsMachine.provide({
  actors: { generateTypes: fromPromise<void, GenerateTypesInput>(({ input }) => downloadTypes(input)) },
  actions: {
    notifyTypesGenerated: () => toast.success(API_DOCS_TEXT.typesGenerated),
    notifyTypesFailed: ({ context }) => toast.error(API_DOCS_TEXT.typesFailed(context.typesError ?? 'Unknown error')),
  },
});

/** The side panel's read (it opens over any project page, so no route loader serves it). */
export const loadApiDocsTask = taskWith(({ ref }: { ref: string }) => loadApiDocs(ref));
