// The editors' route loaders read the project database through pg-meta. A paused project has none running: the
// page shows the paused card (spec A2.8) and nothing may call pg-meta, which would only answer 503 (issue 15).

/** Statuses in which the project database is stopped or stopping: no pg-meta reads. */
const DATABASE_DOWN = new Set(['INACTIVE', 'PAUSING', 'GOING_DOWN']);

export function editorsMayReadDatabase(status: string | undefined): boolean {
  return status === undefined || !DATABASE_DOWN.has(status);
}

/**
 * Whether the project of a route is paused, from its parent route's loader data: the project route's `project`, or
 * an editor frame's `paused` flag. Unknown (no data) counts as not paused — the read then goes ahead as before.
 */
export async function parentSaysPaused(parentMatchPromise: Promise<{ loaderData?: unknown }>): Promise<boolean> {
  const parent = await parentMatchPromise;
  const data = parent.loaderData as { project?: { status?: string }; paused?: boolean } | undefined;
  if (data?.paused === true) return true;
  return !editorsMayReadDatabase(data?.project?.status);
}
