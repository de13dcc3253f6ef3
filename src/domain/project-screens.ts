// What the project's status screens and API keys panels show (spec A2.8, A2.13, A3, A8): client libraries, example
// projects, support subjects, key texts. Apart from the status rules (./project-status.ts), which every first load
// reads, so that only the screens that show these carry them.

/** The client libraries the building screen lists while COMING_UP (language and package). spec A2.8 */
export const CLIENT_LIBRARIES = [
  { language: 'JavaScript', package: '@supabase/supabase-js' },
  { language: 'Python', package: 'supabase' },
  { language: 'Dart', package: 'supabase_flutter' },
  { language: 'Swift', package: 'supabase-swift' },
  { language: 'Kotlin', package: 'supabase-kt' },
  { language: 'C#', package: 'Supabase' },
] as const;

/** Example projects shown behind the projectExamples flag (framework, title, description, url, type). spec A2.8 */
export const EXAMPLE_PROJECTS = [
  {
    framework: 'Next.js',
    title: 'Todo list',
    description: 'A todo list with row level security: each user sees only their own items.',
    url: 'https://nextjs.org/docs',
    type: 'app',
  },
  {
    framework: 'Flutter',
    title: 'Realtime chat',
    description: 'A chat application that listens to new messages as they are inserted.',
    url: 'https://docs.flutter.dev',
    type: 'mobile',
  },
] as const;

/** Support requests the status screens prefill. spec A2.8 */
export const STATUS_SUPPORT = {
  category: 'DATABASE_UNRESPONSIVE',
  pauseFailedSubject: 'Pausing failed for project',
  restoreFailedSubject: 'Restoration failed for project',
  restoringSubject: 'Ongoing restoration for project',
} as const;

/** The API keys and configuration panels' texts. spec A2.13, A8 */
export const API_KEYS_TEXT = {
  noPermission: "You don't have permission to view API keys. These keys restricted to users with higher access levels.",
  hiddenValue: 'You need additional permissions to view API keys',
  failed: 'Failed to retrieve API keys',
  lastUsedFailed: 'Failed to identify when the anon and service_role keys were last used',
  noRequests: 'No requests in the past 24 hours.',
} as const;

/** spec A2.13: 'Last request was {x} ago.' for a use within the past 24 hours, else 'No requests in the past 24 hours.' */
export function keysLastUsedText(lastUsedAt: string | null, now = Date.now()): string {
  const at = lastUsedAt ? Date.parse(lastUsedAt) : NaN;
  if (Number.isNaN(at) || now - at > 24 * 3600_000) return API_KEYS_TEXT.noRequests;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : [Math.floor(seconds / 3600), 'hour'];
  return `Last request was ${value} ${unit}${value === 1 ? '' : 's'} ago.`;
}

export interface ApiKeysInput {
  app_config?: { protocol?: string; endpoint?: string };
  service_api_keys?: { api_key: string; tags: string }[];
}
/**
 * What the API keys panel shows (spec A2.13, A3): the project URL ({protocol, default https}://{endpoint}), the anon
 * (public) and service_role (secret) keys; a key the platform did not send is one the member may not see.
 */
export function apiKeysPanel(settings: ApiKeysInput) {
  const key = (tag: string) => settings.service_api_keys?.find((k) => k.tags === tag)?.api_key ?? null;
  const endpoint = settings.app_config?.endpoint;
  const anon = key('anon');
  const serviceRole = key('service_role');
  return {
    projectUrl: endpoint ? `${settings.app_config?.protocol ?? 'https'}://${endpoint}` : null,
    anon,
    serviceRole,
    canViewAll: anon !== null && serviceRole !== null,
  };
}
