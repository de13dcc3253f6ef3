// Authentication → Policies effects (spec A2.7, issue 18). Reads go through the console's query endpoint with bind
// parameters (src/domain/auth-policies.ts builds the SQL); writes (RLS on/off, create, edit, delete a policy) run the
// very script the member reviewed, as tasks, through the same endpoint, which runs a multi-statement script as one
// transaction and answers Postgres's error text.
import { fromPromise } from 'xstate';
import { policyEditorMachine } from '../../machines/policy-editor.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { runSql } from '../api/table-editor.ts';
import { policyRolesQuery, policySchemasQuery, policyTablesQuery, type PolicyTable } from '../domain/auth-policies.ts';

export const fetchPolicyTables = (ref: string, schema: string, search = '', signal?: AbortSignal): Promise<PolicyTable[]> =>
  runSql<PolicyTable>(ref, policyTablesQuery(schema, search), signal ? { signal } : {});

const names = async (ref: string, statement: typeof policyRolesQuery): Promise<string[]> =>
  (await runSql<{ name: string }>(ref, statement)).map((row) => row.name);

export interface PolicyPageData {
  tables: PolicyTable[];
  schemas: string[];
  roles: string[];
}

/** The page's read: the schema's tables with their policies, and the schemas and roles to choose from. */
export const policyPageRead = taskWith(async ({ ref, schema }: { ref: string; schema: string }): Promise<PolicyPageData> => {
  const [tables, schemas, roles] = await Promise.all([fetchPolicyTables(ref, schema), names(ref, policySchemasQuery), names(ref, policyRolesQuery)]);
  return { tables, schemas, roles };
});

/** Runs a reviewed script (RLS on/off, delete a policy); done with what the toast names. */
/** The editor's machine writing to `ref`. */
export const policyEditorFor = (ref: string) =>
  policyEditorMachine.provide({ actors: { runPolicySql: fromPromise<unknown, { query: string }>(({ input }) => runSql(ref, { query: input.query })) } });
