// Runs SQL on a project database for the console (DESIGN §5: one query endpoint). SQL errors are the caller's:
// they come back as 400 with Postgres's message, a psql-style formattedError and the error position.
import pg from 'pg';
import { badRequest, HttpError, unavailable } from '../http/errors.ts';
import { RowWriter, type RowResult } from './row-json.ts';

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


/**
 * The largest result the query endpoint sends: 64 MiB of JSON (issue 13 finding 4). Far above the SQL editor's big
 * results (100,000 rows of a few columns is ~6 MB), far below what one process can hold and serialise.
 */
export const QUERY_RESULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * What may arrive on the connection during one request (rows of every statement, COPY data, notices) before it
 * is cut. Above the JSON cap since a row's wire form is rarely larger than its JSON, and it bounds what the
 * protocol parser buffers for a single huge row.
 */
export const QUERY_WIRE_MAX_BYTES = QUERY_RESULT_MAX_BYTES + QUERY_RESULT_MAX_BYTES / 4;
/**
 * What all results being read at once may hold together, across requests and projects (issue 13 finding 4): each
 * held byte of JSON costs several in the heap while it is read, joined and sent, so twelve 60 MB results at once
 * took 1.1 GB; without a shared budget enough of them would exhaust the heap. Past it a query is refused with a
 * 503 to try again, and the results already being read go on.
 */
export const QUERY_RESULTS_HELD_MAX_BYTES = 2 * QUERY_RESULT_MAX_BYTES;
let heldResultBytes = 0;
/** Bytes of results held right now (for tests). */
export const heldQueryResultBytes = () => heldResultBytes;

/** Parameters and claims nested deeper than this are refused: serialising them recurses (finding 9). */
export const MAX_JSON_DEPTH = 1000;

const MB = 1024 * 1024;

/** Postgres's program_limit_exceeded: the editor shows it like any SQL error (formattedError). */
function resultTooLarge(query: string) {
  return sqlError(
    {
      message: `The query's result is larger than ${QUERY_RESULT_MAX_BYTES / MB} MB, the most the console sends: narrow it, e.g. add a limit`,
      code: '54000',
      severity: 'ERROR',
      hint: 'Narrow it: add a limit (e.g. limit 1000), a where clause, or select fewer or shorter columns (e.g. left(col, 100)).',
    },
    query,
  );
}

function resultsBudgetSpent(): HttpError {
  return new HttpError(503, 'The platform is sending other large results right now: try again in a moment, or narrow the query (e.g. add a limit)', {
    code: '53200',
    hint: 'Several large results are being read at once; this one was stopped so the platform keeps running.',
  });
}

function valueTooDeep(query: string) {
  return sqlError(
    {
      message: `A value in the result is nested more than ${MAX_JSON_DEPTH} levels deep and cannot be sent as JSON`,
      code: '54000',
      severity: 'ERROR',
      hint: 'Select it as text instead (e.g. value::text).',
    },
    query,
  );
}

/** Depth of a JSON-like value, walked without recursion; stops counting past `limit`. */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

function assertNotTooDeep(value: unknown, what: string): void {
  if (depthExceeds(value, MAX_JSON_DEPTH)) throw badRequest(`${what} are nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
}

/** The parts of pg's Query this file builds on (not in its type declarations). */
interface PgQueryInternals {
  _result: RowResult & { parseRow(fields: unknown[]): unknown };
  _accumulateRows: boolean;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: { fields: unknown[] }): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
  handleError(error: Error, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
  submit(connection: PgConnection): Error | null;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
}

interface PgConnection {
  stream: NodeJS.ReadableStream & { destroy(): void };
}

const PgQuery = pg.Query as unknown as new (config: pg.QueryConfig) => PgQueryInternals;

/**
 * A query that serialises each row to JSON as it arrives and keeps only the last statement's rows (what the
 * endpoint returns), counting bytes while reading: past the caps it stops — the connection is cut, so the backend
 * stops sending — and `failure` says why. Nothing of the result is held beyond the caps.
 */
class CappedQuery extends PgQuery {
  /** The last statement's rows, each as JSON (`rows` would shadow pg's own field). */
  jsonRows: string[] = [];
  private bytes = 0;
  private wireBytes = 0;
  private statementDone = false;
  private connection: PgConnection | null = null;
  /** The current statement's rows as JSON without the row objects (row-json.ts), when its columns allow. */
  private writer: RowWriter | null = null;
  failure: Error | null = null;

  constructor(
    config: pg.QueryConfig,
    private readonly text: string,
  ) {
    super(config);
  }

  private readonly countWire = (chunk: Buffer | string) => {
    this.wireBytes += chunk.length;
    if (this.wireBytes > QUERY_WIRE_MAX_BYTES) this.stop(resultTooLarge(this.text));
  };

  override submit(connection: PgConnection): Error | null {
    this.connection = connection;
    // Before the protocol parser's own listener: a chunk past the cap is never added to its buffer's growth.
    connection.stream.prependListener('data', this.countWire);
    return super.submit(connection);
  }

  private detach(): void {
    this.connection?.stream.removeListener('data', this.countWire);
  }

  /** Gives this query's share of the process-wide budget back (its rows are dropped or already sent). */
  release(): void {
    heldResultBytes -= this.bytes;
    this.bytes = 0;
  }

  private stop(failure: Error): void {
    if (this.failure) return;
    this.failure = failure;
    this.jsonRows = [];
    this.release();
    this.detach();
    this.connection?.stream.destroy();
  }

  /** A statement's first message after the previous one completed starts a new list of rows. */
  private nextStatement(): void {
    if (!this.statementDone) return;
    this.statementDone = false;
    this.jsonRows = [];
    this.release();
  }

  override handleRowDescription(msg: unknown): void {
    this.nextStatement();
    super.handleRowDescription(msg);
    this._accumulateRows = false;
    this.writer = RowWriter.of(this._result);
  }

  override handleDataRow(msg: { fields: unknown[] }): void {
    if (this.failure) return;
    this.nextStatement();
    let json: string;
    try {
      json = this.writer ? this.writer.write(msg.fields as Array<string | null>) : JSON.stringify(this._result.parseRow(msg.fields));
    } catch (error) {
      // Type parsers and JSON.stringify: a jsonb value nested deeper than the stack allows, or a huge one.
      this.stop(error instanceof RangeError && /call stack/i.test(error.message) ? valueTooDeep(this.text) : resultTooLarge(this.text));
      return;
    }
    const size = Buffer.byteLength(json) + 1;
    this.bytes += size;
    heldResultBytes += size;
    if (this.bytes > QUERY_RESULT_MAX_BYTES) return this.stop(resultTooLarge(this.text));
    if (heldResultBytes > QUERY_RESULTS_HELD_MAX_BYTES) return this.stop(resultsBudgetSpent());
    this.jsonRows.push(json);
  }

  override handleCommandComplete(msg: unknown, connection: unknown): void {
    this.nextStatement();
    super.handleCommandComplete(msg, connection);
    this.statementDone = true;
  }

  override handleError(error: Error, connection: unknown): void {
    this.detach();
    super.handleError(this.failure ?? error, connection);
  }

  override handleReadyForQuery(connection: unknown): void {
    this.detach();
    super.handleReadyForQuery(connection);
  }

  /** Runs on `client`; resolves when the server is ready again, rejects with a Postgres error or `failure`. */
  run(client: pg.PoolClient): Promise<void> {
    return new Promise((resolve, reject) => {
      this.on('error', (error) => reject(this.failure ?? error));
      this.on('end', () => (this.failure ? reject(this.failure) : resolve()));
      client.query(this as unknown as pg.Submittable);
    });
  }
}

/** The console's statement timeout (ms) of a pool, 0 when it has none; see server/projects/pools.ts. */
function statementTimeoutOf(pool: pg.Pool): number {
  return Number((pool as unknown as { options?: { statement_timeout?: unknown } }).options?.statement_timeout) || 0;
}

/** Postgres's own wording for the timeout, with how to go past it (no wording in the spec). */
function withTimeoutHint(error: PgError, timeoutMs: number): PgError {
  if (error.code !== '57014' || !/statement timeout/.test(error.message)) return error;
  const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
  // Spelled out: an Error's message is not an enumerable property, a spread would drop it.
  return {
    message: error.message,
    code: error.code,
    severity: error.severity,
    hint: `The console stops statements after ${limit}. Narrow the query (a where clause or a limit), or raise the timeout for this run: set statement_timeout = '10min'; before it.`,
  };
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
export async function impersonate(
  client: pg.PoolClient,
  impersonation: Impersonation,
  options: { local?: boolean } = {},
): Promise<void> {
  let { claims } = impersonation;
  if (impersonation.hook) {
    const fn = `${client.escapeIdentifier(impersonation.hook.schema)}.${client.escapeIdentifier(impersonation.hook.functionName)}`;
    const payload = { user_id: claims.sub ?? null, claims, authentication_method: 'password' };
    const { rows } = await client.query<{ event: unknown }>(`select ${fn}($1::jsonb) as event`, [JSON.stringify(payload)]);
    const returned = (rows[0]?.event as { claims?: unknown } | null | undefined)?.claims;
    if (typeof returned !== 'object' || returned === null || Array.isArray(returned)) {
      throw badRequest(`The access-token hook ${impersonation.hook.schema}.${impersonation.hook.functionName} returned no claims object`);
    }
    assertNotTooDeep(returned, 'The claims the access-token hook returned');
    claims = returned as Record<string, unknown>;
  }
  const role = typeof claims.role === 'string' && impersonation.hook ? claims.role : impersonation.role;
  // `local`: the role and claims end with the caller's transaction (the table export), whatever happens to it.
  const local = options.local === true;
  await client.query(`select set_config('request.jwt.claims', $1, $3), set_config('role', $2, $3)`, [JSON.stringify(claims), role, local]);
}

const guarded = new WeakSet<pg.PoolClient>();

export interface QueryResultJson {
  /** The last statement's rows as a JSON array, built while reading (see CappedQuery). */
  json: string;
  rowCount: number;
}

/**
 * Runs the query on a pooled connection and returns the rows of its last statement as JSON.
 * `readOnly` (read-only members): one statement, inside a READ ONLY transaction that is always rolled back.
 */
export async function runQueryJson(
  pool: pg.Pool,
  input: QueryInput,
  options: { readOnly: boolean; onBackend?: ((pid: number) => void) | undefined },
): Promise<QueryResultJson> {
  // Checked before any connection is taken: pg serialises parameters and claims recursively.
  if (input.parameters) assertNotTooDeep(input.parameters, 'Query parameters');
  if (input.impersonation) assertNotTooDeep(input.impersonation.claims, 'Impersonation claims');
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    throw unavailable('Could not connect to the project database');
  }
  if (!guarded.has(client)) {
    // A connection that ends while checked out (the user's query ended its own backend, or a result was cut at
    // the cap) emits 'error' on the client; unheard, that event would take the process down. The query itself
    // is failed by pg, which is how the caller hears about it.
    guarded.add(client);
    client.on('error', () => {});
  }
  let broken = false;
  // The backend's pid (from the connection's BackendKeyData) lets the caller cancel this query while it runs.
  const pid = (client as unknown as { processID?: number }).processID;
  if (options.onBackend && typeof pid === 'number') options.onBackend(pid);
  let query: CappedQuery | null = null;
  try {
    if (options.readOnly) {
      await client.query('begin transaction read only');
      if (input.impersonation) await impersonate(client, input.impersonation);
      // The extended protocol takes exactly one statement, so the user cannot COMMIT and go on writing.
      query = new CappedQuery({ text: input.query, values: input.parameters ?? [], queryMode: 'extended' } as pg.QueryConfig, input.query);
    } else if (input.parameters !== undefined) {
      if (input.impersonation) await impersonate(client, input.impersonation);
      query = new CappedQuery({ text: input.query, values: input.parameters }, input.query);
    } else {
      if (input.impersonation) await impersonate(client, input.impersonation);
      // The simple protocol: several statements may be sent at once; the last one's rows are returned.
      query = new CappedQuery({ text: input.query }, input.query);
    }
    await query.run(client);
    return { json: `[${query.jsonRows.join(',')}]`, rowCount: query.jsonRows.length };
  } catch (error) {
    if (error instanceof HttpError) {
      // A result cut at the cap leaves the connection closed; a refused hook or claims leave it usable.
      broken = error.body.code === '54000' || error.body.code === '53200';
      throw error;
    }
    if (isPgError(error)) throw sqlError(withTimeoutHint(error, statementTimeoutOf(pool)), input.query);
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
    // The rows are joined into the answer by now; the answer itself is sent right after.
    query?.release();
  }
}

/** runQueryJson's rows as values (tests and server-side callers that need the rows themselves). */
export async function runQuery(
  pool: pg.Pool,
  input: QueryInput,
  options: { readOnly: boolean; onBackend?: ((pid: number) => void) | undefined },
): Promise<unknown[]> {
  return JSON.parse((await runQueryJson(pool, input, options)).json) as unknown[];
}
