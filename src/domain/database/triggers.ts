// Database → Triggers (spec A2.6, issue 19): the schema's triggers from pg_trigger (tgtype's bits decoded in SQL),
// the functions that may be a trigger's (those returning trigger), and the DDL that creates, enables, disables and
// drops one. Every name is quoted by pg-format's ident().
import { ident, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';
import { name } from './sql-names.ts';

export const TRIGGER_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
export const TRIGGER_TIMINGS = ['BEFORE', 'AFTER'] as const;
export type TriggerTiming = (typeof TRIGGER_TIMINGS)[number];
export const TRIGGER_LEVELS = ['ROW', 'STATEMENT'] as const;
export type TriggerLevel = (typeof TRIGGER_LEVELS)[number];

export interface DatabaseTrigger {
  id: number;
  name: string;
  schema: string;
  table: string;
  function_schema: string;
  function_name: string;
  enabled: boolean;
  timing: string;
  level: TriggerLevel;
  events: string[];
}

export interface TriggerDraft {
  name: string;
  schema: string;
  table: string;
  events: TriggerEvent[];
  timing: TriggerTiming;
  level: TriggerLevel;
  /** schema.name of a function returning trigger. */
  functionSchema: string;
  functionName: string;
}

// tgtype bits (Postgres's pg_trigger.h): ROW 1, BEFORE 2, INSERT 4, DELETE 8, UPDATE 16, TRUNCATE 32, INSTEAD 64.
export const triggersQuery = (schema: string): Statement => ({
  query: `select t.oid::int as id, t.tgname as name, n.nspname as schema, c.relname as "table",
  fn.nspname as function_schema, p.proname as function_name, t.tgenabled <> 'D' as enabled,
  case when t.tgtype & 2 = 2 then 'BEFORE' when t.tgtype & 64 = 64 then 'INSTEAD OF' else 'AFTER' end as timing,
  case when t.tgtype & 1 = 1 then 'ROW' else 'STATEMENT' end as level,
  to_json(array_remove(array[case when t.tgtype & 4 = 4 then 'INSERT' end, case when t.tgtype & 16 = 16 then 'UPDATE' end,
    case when t.tgtype & 8 = 8 then 'DELETE' end, case when t.tgtype & 32 = 32 then 'TRUNCATE' end], null)) as events
from pg_trigger t
join pg_class c on c.oid = t.tgrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_proc p on p.oid = t.tgfoid
join pg_namespace fn on fn.oid = p.pronamespace
where not t.tgisinternal and n.nspname = $1
order by c.relname, t.tgname`,
  parameters: [schema],
});

/** Functions a trigger may execute: those returning trigger, in any user schema. */
export const triggerFunctionsQuery: Statement = {
  query: `select n.nspname as schema, p.proname as name
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where p.prorettype = 'trigger'::regtype and n.nspname not in ('pg_catalog', 'information_schema')
order by n.nspname, p.proname`,
  parameters: [],
};

/** Tables a trigger may be created on. */
export const triggerTablesQuery = (schema: string): Statement => ({
  query: `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
  parameters: [schema],
});

export const emptyTriggerDraft = (schema: string): TriggerDraft => ({
  name: '',
  schema,
  table: '',
  events: ['INSERT'],
  timing: 'BEFORE',
  level: 'ROW',
  functionSchema: '',
  functionName: '',
});

export function createTriggerSql(draft: TriggerDraft): Script {
  const trigger = name(draft.name, 'name for your trigger');
  if (draft.table === '') throw new Error('Please select a table');
  const events = TRIGGER_EVENTS.filter((event) => draft.events.includes(event));
  if (events.length === 0) throw new Error('Please select at least one event');
  if (!TRIGGER_TIMINGS.includes(draft.timing)) throw new Error(`Unknown timing ${draft.timing}`);
  if (!TRIGGER_LEVELS.includes(draft.level)) throw new Error(`Unknown level ${draft.level}`);
  if (draft.functionName === '') throw new Error('Please select a function to execute');
  return transaction([
    `create trigger ${trigger}\n${draft.timing.toLowerCase()} ${events.map((e) => e.toLowerCase()).join(' or ')} on ${qualified(draft.schema, draft.table)}\nfor each ${draft.level.toLowerCase()}\nexecute function ${qualified(draft.functionSchema, draft.functionName)}()`,
  ]);
}

export const setTriggerEnabledSql = (trigger: Pick<DatabaseTrigger, 'schema' | 'table' | 'name'>, enable: boolean): Script =>
  transaction([`alter table ${qualified(trigger.schema, trigger.table)} ${enable ? 'enable' : 'disable'} trigger ${ident(trigger.name)}`]);

export const deleteTriggerSql = (trigger: Pick<DatabaseTrigger, 'schema' | 'table' | 'name'>): Script =>
  transaction([`drop trigger ${ident(trigger.name)} on ${qualified(trigger.schema, trigger.table)}`]);
