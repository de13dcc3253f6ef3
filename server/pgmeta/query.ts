// Runs SQL on a project database for the console (DESIGN §5: one query endpoint). SQL errors are the caller's:
// they come back as 400 with Postgres's message, a psql-style formattedError and the error position.
import type pg from 'pg';
import { badRequest, unavailable } from '../http/errors.ts';

interface PgError {
  message: string;
  code?: string;
  severity?: string;
  position?: string;
  detail?: string;
  hint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' && 'severity' in error;

/** psql's rendering: "ERROR:  CODE: message", then the offending line with a caret under the position. */
export function formatPgError(error: PgError, query: string): string {
  const lines = [`${error.severity ?? 'ERROR'}:  ${error.code ? `${error.code}: ` : ''}${error.message}`];
  const position = Number(error.position);
  if (Number.isInteger(position) && position > 0) {
    // Postgres counts characters, not UTF-16 units.
    const chars = Array.from(query);
    const before = chars.slice(0, position - 1).join('');
    const lineNumber = before.split('\n').length;
    const lineStart = before.lastIndexOf('\n') + 1;
    const lineText = query.slice(lineStart).split('\n')[0] ?? '';
    const prefix = `LINE ${lineNumber}: `;
    lines.push(`${prefix}${lineText}`, `${' '.repeat(prefix.length + Array.from(before.slice(lineStart)).length)}^`);
  }
  if (error.detail) lines.push(`DETAIL:  ${error.detail}`);
  if (error.hint) lines.push(`HINT:  ${error.hint}`);
  return `${lines.join('\n')}\n`;
}

export function sqlError(error: PgError, query: string) {
  const position = Number(error.position);
  return badRequest(error.message, {
    code: error.code,
    formattedError: formatPgError(error, query),
    ...(Number.isInteger(position) && position > 0 ? { position } : {}),
    ...(error.detail ? { detail: error.detail } : {}),
    ...(error.hint ? { hint: error.hint } : {}),
  });
}

export interface QueryInput {
  query: string;
  parameters?: unknown[] | undefined;
  /** Run as this role with these JWT claims (spec B2.7 role impersonation); see `impersonate`. */
  impersonation?: Impersonation | undefined;
}

export interface Impersonation {
  role: string;
  claims: Record<string, unknown>;
  /** A custom access-token hook `{schema}.{functionName}(event jsonb)`: its returned claims replace `claims`. */
  hook?: { schema: string; functionName: string } | undefined;
}

/**
 * spec B2.7, B7: becomes `role` with `request.jwt.claims` for the rest of this connection's turn (reset by the
 * `discard all` every request ends with). With a hook, the hook runs first as the owner with the payload
 * {user_id, claims, authentication_method: "password"} and its `event.claims` are used instead — and their role,
 * when they name one. Identifiers are quoted by pg's escapeIdentifier; the payload and claims are parameters.
 */
async function impersonate(client: pg.PoolClient, impersonation: Impersonation): Promise<void> {
  let { claims } = impersonation;
  if (impersonation.hook) {
    const fn = `${client.escapeIdentifier(impersonation.hook.schema)}.${client.escapeIdentifier(impersonation.hook.functionName)}`;
    const payload = { user_id: claims.sub ?? null, claims, authentication_method: 'password' };
    const { rows } = await client.query<{ event: unknown }>(`select ${fn}($1::jsonb) as event`, [JSON.stringify(payload)]);
    const returned = (rows[0]?.event as { claims?: unknown } | null | undefined)?.claims;
    if (typeof returned !== 'object' || returned === null || Array.isArray(returned)) {
      throw badRequest(`The access-token hook ${impersonation.hook.schema}.${impersonation.hook.functionName} returned no claims object`);
    }
    claims = returned as Record<string, unknown>;
  }
  const role = typeof claims.role === 'string' && impersonation.hook ? claims.role : impersonation.role;
  await client.query(`select set_config('request.jwt.claims', $1, false), set_config('role', $2, false)`, [JSON.stringify(claims), role]);
}

/**
 * Runs the query on a pooled connection and returns the rows of its last statement.
 * `readOnly` (read-only members): one statement, inside a READ ONLY transaction that is always rolled back.
 */
export async function runQuery(
  pool: pg.Pool,
  input: QueryInput,
  options: { readOnly: boolean; onBackend?: ((pid: number) => void) | undefined },
): Promise<unknown[]> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    throw unavailable('Could not connect to the project database');
  }
  let broken = false;
  // The backend's pid (from the connection's BackendKeyData) lets the caller cancel this query while it runs.
  const pid = (client as unknown as { processID?: number }).processID;
  if (options.onBackend && typeof pid === 'number') options.onBackend(pid);
  try {
    let result: pg.QueryResult | pg.QueryResult[];
    if (options.readOnly) {
      await client.query('begin transaction read only');
      if (input.impersonation) await impersonate(client, input.impersonation);
      // The extended protocol takes exactly one statement, so the user cannot COMMIT and go on writing.
      result = await client.query({ text: input.query, values: input.parameters ?? [], queryMode: 'extended' } as pg.QueryConfig);
    } else if (input.parameters !== undefined) {
      if (input.impersonation) await impersonate(client, input.impersonation);
      result = await client.query(input.query, input.parameters);
    } else {
      if (input.impersonation) await impersonate(client, input.impersonation);
      // The simple protocol: several statements may be sent at once; the last one's rows are returned.
      result = (await client.query(input.query)) as pg.QueryResult | pg.QueryResult[];
    }
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    return last?.rows ?? [];
  } catch (error) {
    if (isPgError(error)) throw sqlError(error, input.query);
    // Not a SQL error: the connection itself failed (e.g. the query terminated its own backend).
    broken = true;
    throw unavailable(`The connection to the project database was lost: ${(error as Error).message}`);
  } finally {
    // Each request starts clean: no transaction left open, no session settings carried to the next caller.
    try {
      if (!broken) {
        if (client.getTransactionStatus() !== 'I' || options.readOnly) await client.query('rollback');
        await client.query('discard all');
      }
    } catch {
      broken = true;
    }
    client.release(broken);
  }
}
