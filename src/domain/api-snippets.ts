// The API docs panel's pure rules and snippet builders (spec B2.5, B7 'Project API shapes documented in the
// snippets', C9 'API docs panel'). Every REST and storage snippet is built from the live definition of the resource
// so that, filled with the project's URL and a key, it runs as written (issue 17; server/types-gen/snippets.test.ts
// runs them with curl and postgrest-js/storage-js against a fresh project).
import { formatBytes } from './format.ts';

export type SnippetLanguage = 'js' | 'bash';
export const SNIPPET_LANGUAGES: readonly { id: SnippetLanguage; label: string }[] = [
  { id: 'js', label: 'Javascript' },
  { id: 'bash', label: 'Bash' },
];

/** One titled example in both languages. */
export interface Snippet {
  id: string;
  title: string;
  /** A short line above the code, when the example needs one. */
  description?: string;
  js: string;
  bash: string;
}

/** What fills every snippet: the project API URL ({endpoint} of B7) and the key shown in the panel. */
export interface SnippetTarget {
  endpoint: string;
  key: string;
}

/** The placeholder shown instead of the key while the keys are hidden (B2.5 'Hide keys'). */
export const HIDDEN_KEY = 'SUPABASE_KEY';

/** Spec C9 'API docs panel': the numbers the examples use. */
export const SNIPPET_CONSTANTS = {
  listLimit: 100,
  listOffset: 0,
  signedUrlExpiresIn: 60,
  cacheControl: 3600,
  otpDigits: 6,
  realtimeCleanupSeconds: 30,
} as const;

/** Spec B2.5: the panel's strings, verbatim. */
export const API_DOCS_TEXT = {
  title: 'API Docs',
  keysMasked: 'Reveal API keys via dropdown in the header',
  hideKeys: 'Hide keys',
  showKeys: 'Show keys',
  serviceKeyWarning: 'Never share it publicly.',
  copied: 'Copied',
  helpNote: "Unable to find what you're looking for?",
  tablesAndViews: 'Tables & Views',
  storedProcedures: 'Stored Procedures',
  noDescription: 'No description available',
  functionArguments: 'Function arguments',
  required: 'Required',
  optional: 'Optional',
  public: 'Public',
  private: 'Private',
  allowedMimeTypes: 'Allowed MIME types:',
  maxFileSizeLimit: 'Max file size limit:',
  allTypesAllowed: 'All types are allowed',
  noTypesAllowed: 'No types are allowed',
  noLimit: 'No limit',
  generateTypes: 'Generate and download types',
  typesGenerated: 'Successfully generated types! File is being downloaded',
  typesFailed: (message: string) => `Failed to generate types: ${message}`,
  graphiqlUnavailable: 'GraphiQL is not available in this build',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Sections (B2.5 'First-level sections' with their feature keys, B6)

export type ApiDocsSectionId =
  | 'introduction'
  | 'user-management'
  | 'realtime'
  | 'storage'
  | 'edge-functions'
  | 'entities'
  | 'stored-procedures';

export interface ApiDocsSection {
  id: ApiDocsSectionId;
  title: string;
  /** The resources the section lists (bucket, function, table names); none for the introductions. */
  resources: readonly string[];
}

export interface SectionInput {
  /** Feature flag values by name (B6: project_auth:all, realtime:all, project_storage:all, project_edge_function:all). */
  enabled: (flag: 'project_auth:all' | 'realtime:all' | 'project_storage:all' | 'project_edge_function:all') => boolean;
  buckets: readonly string[];
  functions: readonly string[];
  entities: readonly string[];
  procedures: readonly string[];
}

/** Spec B2.5: the first-level sections in order, each gated by its feature key. */
export function apiDocsSections(input: SectionInput): ApiDocsSection[] {
  const sections: (ApiDocsSection | false)[] = [
    { id: 'introduction', title: 'Introduction', resources: [] },
    input.enabled('project_auth:all') && { id: 'user-management', title: 'User Management', resources: [] },
    input.enabled('realtime:all') && { id: 'realtime', title: 'Realtime', resources: [] },
    input.enabled('project_storage:all') && { id: 'storage', title: 'Storage', resources: input.buckets },
    input.enabled('project_edge_function:all') && { id: 'edge-functions', title: 'Edge Functions', resources: input.functions },
    { id: 'entities', title: API_DOCS_TEXT.tablesAndViews, resources: input.entities },
    { id: 'stored-procedures', title: API_DOCS_TEXT.storedProcedures, resources: input.procedures },
  ];
  return sections.filter((section): section is ApiDocsSection => section !== false);
}

// ---------------------------------------------------------------------------------------------------------------
// The OpenAPI document of the REST root (B7: 'definitions and paths are read')

export interface OpenApiProperty {
  format?: string;
  type?: string;
  description?: string;
  default?: unknown;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; parameters?: { in?: string; name?: string; required?: boolean; format?: string; type?: string; schema?: { required?: string[]; properties?: Record<string, OpenApiProperty> } }[] }>>;
  definitions?: Record<string, { description?: string; required?: string[]; properties?: Record<string, OpenApiProperty> }>;
}

export interface EntityColumn {
  name: string;
  format: string;
  /** The display type of B2.5. */
  type: string;
  description: string;
  required: boolean;
}
export interface Entity {
  name: string;
  description: string | null;
  columns: EntityColumn[];
  /** Whether rows can be written (the REST root lists POST for it): views are read-only. */
  writable: boolean;
}
export interface ProcedureArgument {
  name: string;
  format: string;
  type: string;
  required: boolean;
}
export interface Procedure {
  name: string;
  description: string | null;
  args: ProcedureArgument[];
}

/** Spec B2.5: string stays string; integer and number become number; json and jsonb become json; boolean stays boolean. */
export function displayType(type: string | undefined, format: string | undefined): string {
  if (format === 'json' || format === 'jsonb') return 'json';
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
    case 'boolean':
      return type;
    case undefined:
      return format === 'json' || format === 'jsonb' ? 'json' : '';
    default:
      return type;
  }
}

/** Spec B2.5: the primary-key and foreign-key notes (PostgREST's 'Note:' lines with <pk/> and <fk …/>) are stripped. */
export function stripKeyNotes(description: string | undefined | null): string {
  if (!description) return '';
  return description
    .replace(/\n*Note:\nThis is a Primary Key\.<pk\/>/g, '')
    .replace(/\n*Note:\nThis is a Foreign Key to `[^`]*`\.<fk[^>]*\/>/g, '')
    .replace(/<pk\/>|<fk[^>]*\/>/g, '')
    .trim();
}

/** Tables and views of the document, by name. */
export function entitiesOf(doc: OpenApiDocument): Entity[] {
  return Object.entries(doc.definitions ?? {})
    .map(([name, definition]) => {
      const required = new Set(definition.required ?? []);
      return {
        name,
        description: stripKeyNotes(definition.description) || null,
        writable: Boolean(doc.paths?.[`/${name}`]?.post),
        columns: Object.entries(definition.properties ?? {}).map(([column, property]) => ({
          name: column,
          format: property.format ?? '',
          type: displayType(property.type, property.format),
          description: stripKeyNotes(property.description),
          required: required.has(column),
        })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Stored procedures of the document (its /rpc/{fn} paths), by name. */
export function proceduresOf(doc: OpenApiDocument): Procedure[] {
  return Object.entries(doc.paths ?? {})
    .filter(([path]) => path.startsWith('/rpc/'))
    .map(([path, ops]) => {
      const post = ops.post;
      const body = post?.parameters?.find((p) => p.in === 'body')?.schema;
      const required = new Set(body?.required ?? []);
      return {
        name: path.slice('/rpc/'.length),
        description: post?.summary?.trim() || null,
        args: Object.entries(body?.properties ?? {}).map(([name, property]) => ({
          name,
          format: property.format ?? '',
          type: displayType(property.type, property.format),
          required: required.has(name),
        })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------------------------
// Buckets (B2.5 'Bucket page', B3 Bucket)

export interface BucketInfo {
  id: string;
  name: string;
  public: boolean;
  allowed_mime_types: readonly string[] | null;
  file_size_limit: number | null;
}

/** Spec B2.5: null → 'All types are allowed'; [] → 'No types are allowed'; otherwise the list joined. */
export function allowedMimeTypesText(types: readonly string[] | null): string {
  if (types === null) return API_DOCS_TEXT.allTypesAllowed;
  if (types.length === 0) return API_DOCS_TEXT.noTypesAllowed;
  return types.join(', ');
}

/** Spec B2.5: null → 'No limit'; otherwise a formatted size (C9 byte formatting). */
export function fileSizeLimitText(limit: number | null): string {
  return limit === null ? API_DOCS_TEXT.noLimit : formatBytes(limit);
}

// ---------------------------------------------------------------------------------------------------------------
// Snippets

const js = (value: unknown) => JSON.stringify(value);
/** A value inside a single-quoted shell word: every ' closes the quote, is escaped, and reopens it. */
const sh = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
const jsonBody = (value: unknown) => sh(JSON.stringify(value));
const headers = (extra: string[] = []) =>
  [`-H "apikey: SUPABASE_KEY"`, `-H "Authorization: Bearer SUPABASE_KEY"`, ...extra].map((h) => `  ${h}`).join(' \\\n');
/** Path segments of a URL, each percent-encoded (a name may hold spaces or reserved characters). */
const seg = (value: string) => encodeURIComponent(value);

const clientHeader = `import { createClient } from '@supabase/supabase-js'
const supabase = createClient('SUPABASE_URL', 'SUPABASE_KEY')
`;

/** A sample value for a column of this format, used where a snippet writes or filters. */
export function sampleValue(format: string, type: string): unknown {
  // The format (the Postgres type) wins: the REST root types every function argument as 'string'.
  if (type === 'number' || /^(smallint|integer|bigint|int[248]|real|double precision|numeric)/.test(format)) return 1;
  if (format === 'boolean') return true;
  if (format === 'json' || format === 'jsonb') return {};
  if (type === 'boolean') return true;
  if (type === 'json') return {};
  if (type === 'array') return [];
  if (/^timestamp/.test(format)) return '2024-01-01T00:00:00Z';
  if (format === 'date') return '2024-01-01';
  if (format === 'uuid') return '00000000-0000-0000-0000-000000000000';
  return 'someValue';
}

/** The column the filter, update and delete examples use: the first column the panel lists. */
function filterColumn(entity: Entity): EntityColumn | undefined {
  return entity.columns[0];
}

/** A row the insert example sends: every required column, or the first column when none is required. */
function sampleRow(entity: Entity): Record<string, unknown> {
  const columns = entity.columns.filter((c) => c.required);
  const chosen = columns.length > 0 ? columns : entity.columns.slice(0, 1);
  return Object.fromEntries(chosen.map((c) => [c.name, sampleValue(c.format, c.type)]));
}

/** A column to update: a non-key, non-required one when there is one, else the filter column. */
function updateColumn(entity: Entity): EntityColumn | undefined {
  return entity.columns.find((c) => !c.required && c !== filterColumn(entity)) ?? entity.columns[1] ?? filterColumn(entity);
}

const filterLiteral = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Spec B2.5 entity page: read rows, filtering, insert, update, delete, subscribe (B7 REST shapes). */
export function entitySnippets(entity: Entity): Snippet[] {
  const table = entity.name;
  const url = `SUPABASE_URL/rest/v1/${seg(table)}`;
  const filter = filterColumn(entity);
  const filterValue = filter ? sampleValue(filter.format, filter.type) : null;
  const snippets: Snippet[] = [
    {
      id: 'read-all',
      title: 'Read all rows',
      js: `${clientHeader}
let { data: ${identifier(table)}, error } = await supabase
  .from(${js(table)})
  .select('*')`,
      bash: `curl ${sh(`${url}?select=*`)} \\\n${headers()}`,
    },
    {
      id: 'read-columns',
      title: 'Read specific columns',
      js: `${clientHeader}
let { data: ${identifier(table)}, error } = await supabase
  .from(${js(table)})
  .select(${js(entity.columns.slice(0, 2).map((c) => c.name).join(',') || '*')})`,
      bash: `curl ${sh(`${url}?select=${entity.columns.slice(0, 2).map((c) => encodeURIComponent(c.name)).join(',') || '*'}`)} \\\n${headers()}`,
    },
    {
      id: 'read-paginated',
      title: 'With pagination',
      js: `${clientHeader}
let { data: ${identifier(table)}, error } = await supabase
  .from(${js(table)})
  .select('*')
  .range(0, 9)`,
      bash: `curl ${sh(`${url}?select=*`)} \\\n${headers(['-H "Range: 0-9"'])}`,
    },
  ];
  if (filter) {
    snippets.push({
      id: 'filter',
      title: 'Filtering',
      js: `${clientHeader}
let { data: ${identifier(table)}, error } = await supabase
  .from(${js(table)})
  .select('*')
  .eq(${js(filter.name)}, ${js(filterValue)})`,
      bash: `curl ${sh(`${url}?${encodeURIComponent(filter.name)}=eq.${encodeURIComponent(filterLiteral(filterValue))}&select=*`)} \\\n${headers()}`,
    });
  }
  if (entity.writable && filter) {
    const row = sampleRow(entity);
    const update = updateColumn(entity)!;
    const updateValue = sampleValue(update.format, update.type);
    const where = `${encodeURIComponent(filter.name)}=eq.${encodeURIComponent(filterLiteral(filterValue))}`;
    snippets.push(
      {
        id: 'insert',
        title: 'Insert a row',
        js: `${clientHeader}
const { data, error } = await supabase
  .from(${js(table)})
  .insert([${js(row)}])
  .select()`,
        bash: `curl -X POST ${sh(url)} \\\n${headers(['-H "Content-Type: application/json"', '-H "Prefer: return=representation"'])} \\\n  -d ${jsonBody(row)}`,
      },
      {
        id: 'update',
        title: 'Update matching rows',
        js: `${clientHeader}
const { data, error } = await supabase
  .from(${js(table)})
  .update({ ${js(update.name)}: ${js(updateValue)} })
  .eq(${js(filter.name)}, ${js(filterValue)})
  .select()`,
        bash: `curl -X PATCH ${sh(`${url}?${where}`)} \\\n${headers(['-H "Content-Type: application/json"', '-H "Prefer: return=representation"'])} \\\n  -d ${jsonBody({ [update.name]: updateValue })}`,
      },
      {
        id: 'delete',
        title: 'Delete matching rows',
        js: `${clientHeader}
const { error } = await supabase
  .from(${js(table)})
  .delete()
  .eq(${js(filter.name)}, ${js(filterValue)})`,
        bash: `curl -X DELETE ${sh(`${url}?${where}`)} \\\n${headers()}`,
      },
    );
  }
  snippets.push(...subscribeSnippets(table, filter, filterValue));
  return snippets;
}

/** Spec B2.5: subscribe to all events, inserts, updates, deletes, specific rows with a filter (realtime; no Bash). */
function subscribeSnippets(table: string, filter: EntityColumn | undefined, value: unknown): Snippet[] {
  const channel = (title: string, id: string, event: string, extra = '') => ({
    id,
    title,
    js: `${clientHeader}
const channel = supabase.channel('custom-${event === '*' ? 'all' : event.toLowerCase()}-channel')
  .on(
    'postgres_changes',
    { event: '${event}', schema: 'public', table: ${js(table)}${extra} },
    (payload) => {
      console.log('Change received!', payload)
    }
  )
  .subscribe()`,
    bash: '# Realtime streams are not available in Bash',
  });
  const snippets = [
    channel('Subscribe to all events', 'subscribe-all', '*'),
    channel('Subscribe to inserts', 'subscribe-inserts', 'INSERT'),
    channel('Subscribe to updates', 'subscribe-updates', 'UPDATE'),
    channel('Subscribe to deletes', 'subscribe-deletes', 'DELETE'),
  ];
  if (filter) {
    snippets.push(channel('Subscribe to specific rows', 'subscribe-rows', '*', `, filter: ${js(`${filter.name}=eq.${filterLiteral(value)}`)}`));
  }
  return snippets;
}

/** Spec B2.5 stored procedure page: the RPC snippet (B7 POST /rest/v1/rpc/{fn}). */
export function rpcSnippet(procedure: Procedure): Snippet {
  const args = Object.fromEntries(procedure.args.filter((a) => a.required).map((a) => [a.name, sampleValue(a.format, a.type)]));
  const hasArgs = Object.keys(args).length > 0;
  return {
    id: 'rpc',
    title: 'Invoke function',
    js: `${clientHeader}
let { data, error } = await supabase
  .rpc(${js(procedure.name)}${hasArgs ? `, ${js(args)}` : ''})
if (error) console.error(error)
else console.log(data)`,
    bash: `curl -X POST ${sh(`SUPABASE_URL/rest/v1/rpc/${seg(procedure.name)}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d ${jsonBody(args)}`,
  };
}

/**
 * Spec B2.5 bucket page: upload, delete, list, download, and 'Retrieve public URL' (public bucket) or 'Create a
 * signed URL' (private bucket) — never both. Paths are B7's storage shapes; numbers are C9's.
 */
export function bucketSnippets(bucket: Pick<BucketInfo, 'id' | 'public'>, path = 'folder/avatar1.png'): Snippet[] {
  const b = bucket.id;
  const objectUrl = `SUPABASE_URL/storage/v1/object/${seg(b)}/${path.split('/').map(seg).join('/')}`;
  const { listLimit, listOffset, signedUrlExpiresIn, cacheControl } = SNIPPET_CONSTANTS;
  const listBody = { limit: listLimit, offset: listOffset, prefix: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', sortBy: { column: 'name', order: 'asc' } };
  const snippets: Snippet[] = [
    {
      id: 'upload',
      title: 'Upload a file',
      js: `${clientHeader}
const avatarFile = event.target.files[0]
const { data, error } = await supabase
  .storage
  .from(${js(b)})
  .upload(${js(path)}, avatarFile, {
    cacheControl: '${cacheControl}',
    upsert: false
  })`,
      bash: `curl -X POST ${sh(objectUrl)} \\\n${headers([`-H "Cache-Control: max-age=${cacheControl}"`, '-H "Content-Type: image/png"'])} \\\n  --data-binary @avatar1.png`,
    },
    {
      id: 'delete',
      title: 'Delete files',
      js: `${clientHeader}
const { data, error } = await supabase
  .storage
  .from(${js(b)})
  .remove([${js(path)}])`,
      bash: `curl -X DELETE ${sh(`SUPABASE_URL/storage/v1/object/${seg(b)}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d ${jsonBody({ prefixes: [path] })}`,
    },
    {
      id: 'list',
      title: 'List all files',
      js: `${clientHeader}
const { data, error } = await supabase
  .storage
  .from(${js(b)})
  .list(${js(listBody.prefix)}, {
    limit: ${listLimit},
    offset: ${listOffset},
    sortBy: { column: 'name', order: 'asc' },
  })`,
      bash: `curl -X POST ${sh(`SUPABASE_URL/storage/v1/object/list/${seg(b)}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d ${jsonBody(listBody)}`,
    },
    {
      id: 'download',
      title: 'Download a file',
      js: `${clientHeader}
const { data, error } = await supabase
  .storage
  .from(${js(b)})
  .download(${js(path)})`,
      bash: `curl ${sh(objectUrl)} \\\n${headers()} \\\n  --output avatar1.png`,
    },
  ];
  if (bucket.public) {
    snippets.push({
      id: 'public-url',
      title: 'Retrieve public URL',
      js: `${clientHeader}
const { data } = supabase
  .storage
  .from(${js(b)})
  .getPublicUrl(${js(path)})`,
      bash: `curl ${sh(`SUPABASE_URL/storage/v1/object/public/${seg(b)}/${path.split('/').map(seg).join('/')}`)} \\\n  --output avatar1.png`,
    });
  } else {
    snippets.push({
      id: 'signed-url',
      title: 'Create a signed URL',
      js: `${clientHeader}
const { data, error } = await supabase
  .storage
  .from(${js(b)})
  .createSignedUrl(${js(path)}, ${signedUrlExpiresIn})`,
      bash: `curl -X POST ${sh(`SUPABASE_URL/storage/v1/object/sign/${seg(b)}/${path.split('/').map(seg).join('/')}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d ${jsonBody({ expiresIn: signedUrlExpiresIn })}`,
    });
  }
  return snippets;
}

/** Spec B2.5 edge function page: the invoke snippet (B7 POST /functions/v1/{name}). */
export function edgeFunctionSnippet(name: string): Snippet {
  return {
    id: 'invoke',
    title: 'Invoke an edge function',
    js: `${clientHeader}
const { data, error } = await supabase.functions.invoke(${js(name)}, {
  body: { name: 'Functions' },
})`,
    bash: `curl -X POST ${sh(`SUPABASE_URL/functions/v1/${seg(name)}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d '{"name":"Functions"}'`,
  };
}

/** Spec B2.5 introduction: initialising the client. */
export function introductionSnippet(): Snippet {
  return {
    id: 'client',
    title: 'Initializing',
    js: `import { createClient } from '@supabase/supabase-js'

const supabaseUrl = 'SUPABASE_URL'
const supabaseKey = 'SUPABASE_KEY'
const supabase = createClient(supabaseUrl, supabaseKey)`,
    bash: `curl 'SUPABASE_URL/rest/v1/' \\\n${headers()}`,
  };
}

/** Spec B2.5 / C9: realtime snippets; cleanup happens 30 s after a client disconnects. */
export function realtimeSnippets(): Snippet[] {
  return [
    { id: 'subscribe', title: 'Subscribe to channel', js: `${clientHeader}\nconst channel = supabase.channel('room1')\nchannel.subscribe()`, bash: '# Realtime streams are not available in Bash' },
    { id: 'unsubscribe', title: 'Unsubscribe from channels', js: `${clientHeader}\nsupabase.removeChannel(channel)\nsupabase.removeAllChannels()`, bash: '# Realtime streams are not available in Bash' },
    { id: 'channels', title: 'Retrieve all channels', js: `${clientHeader}\nconst channels = supabase.getChannels()`, bash: '# Realtime streams are not available in Bash' },
  ];
}

/** Spec B2.5 user management snippets (B7 auth shapes); OAuth only when sign-in providers are enabled. */
export function userManagementSnippets(options: { oauth: boolean }): Snippet[] {
  const post = (path: string, body: unknown) => `curl -X POST ${sh(`SUPABASE_URL/auth/v1/${path}`)} \\\n${headers(['-H "Content-Type: application/json"'])} \\\n  -d ${jsonBody(body)}`;
  const otp = '1'.repeat(SNIPPET_CONSTANTS.otpDigits);
  const list: (Snippet | false)[] = [
    { id: 'sign-up', title: 'User signup', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signUp({ email: 'someone@email.com', password: 'some-secure-password' })`, bash: post('signup', { email: 'someone@email.com', password: 'some-secure-password' }) },
    { id: 'login-email', title: 'User login', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signInWithPassword({ email: 'someone@email.com', password: 'some-secure-password' })`, bash: post('token?grant_type=password', { email: 'someone@email.com', password: 'some-secure-password' }) },
    { id: 'magic-link', title: 'User login with magic link', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signInWithOtp({ email: 'someone@email.com' })`, bash: post('magiclink', { email: 'someone@email.com' }) },
    { id: 'login-phone', title: 'User signup with phone', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signUp({ phone: '+13334445555', password: 'some-password' })`, bash: post('signup', { phone: '+13334445555', password: 'some-password' }) },
    { id: 'login-sms', title: 'User login with SMS', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signInWithOtp({ phone: '+13334445555' })`, bash: post('otp', { phone: '+13334445555' }) },
    { id: 'verify-sms', title: 'Verify SMS', js: `${clientHeader}\nlet { data, error } = await supabase.auth.verifyOtp({ phone: '+13334445555', token: '${otp}', type: 'sms' })`, bash: post('verify', { type: 'sms', phone: '+13334445555', token: otp }) },
    options.oauth && { id: 'oauth', title: 'User login with a third-party provider', js: `${clientHeader}\nlet { data, error } = await supabase.auth.signInWithOAuth({ provider: 'github' })`, bash: '# OAuth sign-in needs a browser redirect' },
    { id: 'get-user', title: 'Get user', js: `${clientHeader}\nconst { data: { user } } = await supabase.auth.getUser()`, bash: `curl ${sh('SUPABASE_URL/auth/v1/user')} \\\n  -H "apikey: SUPABASE_KEY" \\\n  -H "Authorization: Bearer USER_TOKEN"` },
    { id: 'forgot-password', title: 'Forgot password email', js: `${clientHeader}\nlet { data, error } = await supabase.auth.resetPasswordForEmail('someone@email.com')`, bash: post('recover', { email: 'someone@email.com' }) },
    { id: 'update-user', title: 'Update user', js: `${clientHeader}\nconst { data, error } = await supabase.auth.updateUser({ data: { hello: 'world' } })`, bash: `curl -X PUT ${sh('SUPABASE_URL/auth/v1/user')} \\\n  -H "apikey: SUPABASE_KEY" \\\n  -H "Authorization: Bearer USER_TOKEN" \\\n  -H "Content-Type: application/json" \\\n  -d '{"data":{"hello":"world"}}'` },
    { id: 'logout', title: 'User logout', js: `${clientHeader}\nlet { error } = await supabase.auth.signOut()`, bash: `curl -X POST ${sh('SUPABASE_URL/auth/v1/logout')} \\\n  -H "apikey: SUPABASE_KEY" \\\n  -H "Authorization: Bearer USER_TOKEN"` },
    { id: 'invite', title: 'Invite user', js: `${clientHeader}\nlet { data, error } = await supabase.auth.admin.inviteUserByEmail('someone@email.com')`, bash: post('invite', { email: 'someone@email.com' }) },
  ];
  return list.filter((s): s is Snippet => s !== false);
}

/** A JS identifier for a table's result variable ('my table' → 'my_table'). */
function identifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/**
 * Fills a snippet's placeholders with the project's URL and key (B2.5: the key shows only when revealed; hidden,
 * the placeholder SUPABASE_KEY stays). The URL and key are inserted verbatim: both come from the platform.
 */
export function fillSnippet(code: string, target: { endpoint: string; key: string | null }): string {
  return code.replace(/SUPABASE_URL/g, target.endpoint).replace(/SUPABASE_KEY/g, target.key ?? HIDDEN_KEY);
}

/** Spec B7: the file name the types download gets. */
export const TYPES_FILE_NAME = 'supabase.ts';
