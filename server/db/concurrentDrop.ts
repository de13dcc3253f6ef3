// Catalog reads that race with DDL of other sessions. A query that lists objects from the catalog and then calls a
// function opening each one (pg_get_viewdef, pg_get_triggerdef, pg_get_functiondef, …) fails with an internal error
// (XX000) when another session dropped one of them in between: its snapshot still lists the object, the object is
// gone. Read again, the catalog no longer lists it. A user's console must not show a server error for that.

/** Whether `error` is Postgres losing an object between reading the catalog and opening it (see above). */
export function droppedWhileRead(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === 'XX000' &&
    typeof e.message === 'string' &&
    /^(could not open relation with OID|cache lookup failed for (relation|type|function|trigger|constraint|index))/.test(e.message)
  );
}

/** How many times a catalog read runs when objects are dropped under it before the error is let through. */
export const CONCURRENT_DROP_ATTEMPTS = 3;

/** Runs `read` again from the start (up to CONCURRENT_DROP_ATTEMPTS in all) while it fails with droppedWhileRead. */
export async function readRetryingDrops<T>(read: () => Promise<T>, attempts = CONCURRENT_DROP_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || !droppedWhileRead(error)) throw error;
    }
  }
}
