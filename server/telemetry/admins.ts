// Platform admins (issue 21): the operator names them in STRATA_PLATFORM_ADMINS, a comma-separated list of e-mail
// addresses or '@domain' entries. They change the flag service's values and read every user's telemetry.
import type pg from 'pg';

export function platformAdminRule(env: NodeJS.ProcessEnv = process.env): (email: string) => boolean {
  const entries = (env.STRATA_PLATFORM_ADMINS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.length > 1);
  return (email) => {
    const address = email.trim().toLowerCase();
    if (!address.includes('@')) return false;
    return entries.some((entry) => (entry.startsWith('@') ? address.endsWith(entry) : address === entry));
  };
}

/** Whether the signed-in user is a platform admin, by the confirmed address of their auth account. */
export async function isPlatformAdmin(pool: Pick<pg.Pool, 'query'>, userId: string): Promise<boolean> {
  const { rows } = await pool.query<{ email: string | null }>(
    'select email from auth.users where id = $1 and email_confirmed_at is not null',
    [userId],
  );
  const email = rows[0]?.email;
  return Boolean(email) && platformAdminRule()(email!);
}
