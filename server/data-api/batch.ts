// A read's settings and its statement as ONE extended-protocol batch ending with ONE Sync (issue 17's concurrency
// target, bench/data-api.ts). Without BEGIN, Postgres runs every message up to a Sync in one implicit transaction
// and ends it at the Sync (committed, or rolled back after an error, when it skips the rest): so
//   Parse/Bind/Execute  select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), …
//   [Parse] /Bind/Describe/Execute  the read (a prepared statement of the connection)
//   Sync
// runs the read inside the caller's role and claims, and the settings (local to that transaction: `true`) end with it,
// exactly as BEGIN … COMMIT would, in one write and one answer instead of four statements and four answers (each
// answer is a flush of the backend and a wake-up of the platform). A failed setting aborts the implicit
// transaction, so the read never runs outside the role. Postgres' statement timeout starts again with each message,
// so the timeout set by the first applies to the read.
//
// pg sends one Sync per query; this is pg's own Query (rows, errors, prepared-statement bookkeeping) with the
// settings' messages put in front and their answers (their ParseComplete, their row, their CommandComplete) kept
// from the Query, which sees only the read's.
import pg from 'pg';

type Connection = {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
};

interface QueryInternals {
  prepare(connection: Connection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleError(error: unknown, connection: Connection): void;
}

const Base = pg.Query as unknown as new (config: pg.QueryConfig) => pg.Submittable & QueryInternals;

export class SettingsThenStatement extends Base {
  /**
   * The read's statement name; hidden from pg's client while the settings' answers arrive (see `name`). Set by pg's
   * constructor through the `name` setter, so declared only (an initialized field would reset it after super()).
   */
  declare private statementName: string | undefined;
  /** Until the settings' CommandComplete: their answers are not the read's. */
  private inSettings = false;
  /** The read's named statement was not parsed on this connection before: this batch's Parse creates it. */
  private parsesStatement = false;

  constructor(
    private readonly settings: { text: string; values: string[] },
    statement: pg.QueryConfig,
  ) {
    super({ ...statement, queryMode: 'extended' } as pg.QueryConfig);
  }

  // pg's client records a named statement as parsed on ANY ParseComplete of the active query: the settings' (unnamed)
  // one arrives first, and if the settings then failed the read's Parse would never run. So the name is hidden
  // until the settings are done.
  get name(): string | undefined {
    return this.inSettings ? undefined : this.statementName;
  }

  set name(value: string | undefined) {
    this.statementName = value;
  }

  prepare(connection: Connection): void {
    const name = this.statementName;
    this.parsesStatement = !!name && connection.parsedStatements[name] === undefined && connection.submittedNamedStatements[name] === undefined;
    // Unnamed, never a prepared statement: database code can deallocate or replace a connection's statements, and
    // the role switch must not depend on what a connection kept.
    connection.parse({ text: this.settings.text });
    connection.bind({ values: this.settings.values });
    connection.execute({});
    super.prepare(connection); // the read's [Parse], Bind, Describe, Execute and the one Sync
    this.inSettings = true;
  }

  handleDataRow(msg: unknown): void {
    if (!this.inSettings) super.handleDataRow(msg);
  }

  handleCommandComplete(msg: unknown, connection: Connection): void {
    if (this.inSettings) {
      this.inSettings = false;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }

  handleError(error: unknown, connection: Connection): void {
    if (this.inSettings) {
      // The settings failed: Postgres skipped the read's Parse, so pg must not count it as submitted.
      this.inSettings = false;
      if (this.parsesStatement && this.statementName) delete connection.submittedNamedStatements[this.statementName];
    }
    super.handleError(error, connection);
  }
}

/** Runs `statement` after `settings` in one implicit transaction (see above); the read's result. */
export function settingsThenStatement(client: pg.ClientBase, settings: { text: string; values: string[] }, statement: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new SettingsThenStatement(settings, statement) as unknown as pg.Submittable & { callback: (error: Error | null, result: pg.QueryResult) => void };
    query.callback = (error, result) => (error ? reject(error) : resolve(result));
    client.query(query);
  });
}
