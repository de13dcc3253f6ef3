// SQL for a parsed Data API request (parse.ts). Every name is quoted by pg-format's `ident`; every value the request
// carries is a bind parameter. The only other text in the statements is fixed SQL and type names read from the
// catalog (schema.ts), never from the request.
import { ident as pgIdent } from '@scaleleap/pg-format';
import { ApiError } from './errors.ts';
import type { Condition, Field, Level, OrderTerm, ParsedQuery, SelectItem } from './parse.ts';
import { key, type Column, type DbFunction, type ForeignKey, type Relation, type SchemaCache } from './schema.ts';

/** Quoted names already made (pg-format's `ident` checks each name against its reserved-word list every time). */
const quotedNames = new Map<string, string>();
const QUOTED_NAMES_MAX = 10_000;

/**
 * pg-format's `ident`, remembered by name: a request quotes the same few table and column names over and over, and
 * under load the quoting was about 1 % of the platform's CPU (bench/data-api.ts). Bounded: names from requests
 * (aliases) are unbounded, so the memory is emptied when full.
 */
export function ident(name: string): string {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = pgIdent(name);
    if (quotedNames.size >= QUOTED_NAMES_MAX) quotedNames.clear();
    quotedNames.set(name, quoted);
  }
  return quoted;
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * `sql` with only the parameters it references, renumbered: a statement made of some fragments of a request (the
 * count of `Prefer: count=planned`) must not carry parameters it never uses (Postgres cannot type those). Double-quoted
 * identifiers are skipped, so a name like "a$1" stays as it is; the builder writes no other quoted text with `$`.
 */
export function compactParams(sql: string, values: unknown[]): { text: string; values: unknown[] } {
  const used = new Map<number, number>();
  const kept: unknown[] = [];
  const text = sql.replace(/"(?:[^"]|"")*"|\$(\d+)/g, (match, number: string | undefined) => {
    if (number === undefined) return match;
    const old = Number(number);
    let now = used.get(old);
    if (now === undefined) {
      kept.push(values[old - 1]);
      now = kept.length;
      used.set(old, now);
    }
    return `$${now}`;
  });
  return { text, values: kept };
}

/** How an embed reaches its resource: a foreign key either way, or two through a join table (many-to-many). */
interface Relationship {
  target: Relation;
  /** many-to-one / one-to-many: the foreign key; many-to-many: the join table's key to the target. */
  fk: ForeignKey;
  toOne: boolean;
  through?: { junction: Relation; toParent: ForeignKey };
}

/** A statement on one relation (or a function's rows) as SQL parts the request kinds assemble. */
interface Source {
  /** The FROM item, e.g. `"public"."todos"` or a CTE name. */
  sql: string;
  relation: Relation | null;
}

const EMPTY_LEVEL: Level = { conditions: [], order: [], limit: null, offset: null };

/** Spellings of common types that are not their catalog names (a cast is otherwise quoted as one name). */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4', integer: 'int4', bigint: 'int8', smallint: 'int2', boolean: 'bool', real: 'float4', float: 'float8',
  'double precision': 'float8', 'character varying': 'varchar', character: 'bpchar', decimal: 'numeric',
  timestamptz: 'timestamptz', 'timestamp with time zone': 'timestamptz', 'timestamp without time zone': 'timestamp',
};

function castSql(type: string): string {
  const array = type.endsWith('[]');
  const base = (array ? type.slice(0, -2) : type).trim().toLowerCase().replace(/\s+/g, ' ');
  return `${ident(TYPE_ALIASES[base] ?? base)}${array ? '[]' : ''}`;
}

/** Relationships found per catalog read and embed (see Builder.relationship). */
const relationships = new WeakMap<SchemaCache, Map<string, Relationship>>();

export class Builder {
  private aliasCount = 0;
  constructor(
    readonly cache: SchemaCache,
    readonly schema: string,
    readonly query: ParsedQuery,
    readonly params: Params,
  ) {}

  nextAlias(prefix: string): string {
    return ident(`pgrst_${prefix}_${this.aliasCount++}`);
  }

  relation(name: string): Relation {
    const found = this.cache.relations.get(key(this.schema, name));
    if (!found) {
      throw new ApiError(404, '42P01', `relation "${this.schema}.${name}" does not exist`, null,
        `Is "${name}" a table or view of the exposed schema "${this.schema}"?`);
    }
    return found;
  }

  /** Levels the statement has applied; any other level of the query names a resource that is not embedded. */
  private readonly applied = new Set<string>(['']);

  level(path: string[]): Level {
    this.applied.add(path.join('.'));
    return this.query.levels.get(path.join('.')) ?? EMPTY_LEVEL;
  }

  /** PGRST108: `books.pages=eq.1` without `books(...)` in the select would otherwise be silently ignored. */
  assertLevelsApplied(): void {
    for (const path of this.query.levels.keys()) {
      if (!this.applied.has(path)) {
        throw new ApiError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null,
          `Verify that '${path}' is included in the 'select' query parameter.`);
      }
    }
  }

  /** A column reference with its JSON path; JSON keys are parameters (an integer key indexes an array). */
  fieldSql(alias: string, field: Field): string {
    let sql = `${alias}.${ident(field.name)}`;
    for (const step of field.json) {
      const isIndex = /^-?\d+$/.test(step.key);
      sql = `(${sql}${step.arrow}${this.params.add(isIndex ? Number(step.key) : step.key)}::${isIndex ? 'int' : 'text'})`;
    }
    return sql;
  }

  conditionSql(alias: string, condition: Condition): string {
    if (condition.kind === 'logic') {
      const parts = condition.conditions.map((c) => this.conditionSql(alias, c));
      const joined = `(${parts.join(condition.operator === 'and' ? ' and ' : ' or ')})`;
      return condition.negated ? `not ${joined}` : joined;
    }
    const column = this.fieldSql(alias, condition.field);
    const { operator, value, modifier } = condition;
    let sql: string;
    const binary: Record<string, string> = {
      eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
      cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
    };
    if (operator === 'is') {
      const word = value as string;
      sql = word === 'null' ? `${column} is null` : word === 'not_null' ? `${column} is not null`
        : word === 'true' ? `${column} is true` : word === 'false' ? `${column} is false` : `${column} is unknown`;
    } else if (operator === 'isdistinct') {
      sql = `${column} is distinct from ${this.params.add(value)}`;
    } else if (operator === 'in') {
      // `= any($n)`: the list is one array parameter, typed by the column.
      sql = `${column} = any(${this.params.add(value)})`;
    } else if (operator === 'fts' || operator === 'plfts' || operator === 'phfts' || operator === 'wfts') {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[operator];
      const query = modifier ? `${fn}(${this.params.add(modifier)}::regconfig, ${this.params.add(value)})` : `${fn}(${this.params.add(value)})`;
      sql = `${column} @@ ${query}`;
    } else if (modifier === 'any' || modifier === 'all') {
      sql = `${column} ${binary[operator]} ${modifier}(${this.params.add(value)})`;
    } else {
      sql = `${column} ${binary[operator]} ${this.params.add(value)}`;
    }
    return condition.negated ? `not (${sql})` : sql;
  }

  orderSql(alias: string, terms: OrderTerm[]): string {
    if (!terms.length) return '';
    return ` order by ${terms
      .map((t) => `${this.fieldSql(alias, t.field)}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`)
      .join(', ')}`;
  }

  /** The relationship an embed follows (docs "Resource Embedding"): PGRST200 when none, PGRST201 when ambiguous. */
  /**
   * The relationship an embed follows, remembered per catalog (a catalog read is never changed; a new read is a new
   * object): found by a scan of every foreign key of the exposed schemas (twice, nested, for many-to-many), which
   * grew with the project's schema at every request that embeds. Refusals (none or several) are not remembered.
   */
  relationship(parent: Relation, item: Extract<SelectItem, { kind: 'embed' }>): Relationship {
    let found = relationships.get(this.cache);
    if (found === undefined) {
      found = new Map();
      relationships.set(this.cache, found);
    }
    const memo = `${this.schema}\u0000${parent.schema}\u0000${parent.name}\u0000${item.relation}\u0000${item.hint ?? ''}`;
    let relationship = found.get(memo);
    if (relationship === undefined) {
      relationship = this.findRelationship(parent, item);
      if (found.size >= 10_000) found.clear();
      found.set(memo, relationship);
    }
    return relationship;
  }

  private findRelationship(parent: Relation, item: Extract<SelectItem, { kind: 'embed' }>): Relationship {
    const matchesHint = (fk: ForeignKey, columns: string[]) =>
      item.hint === null || fk.name === item.hint || (columns.length === 1 && columns[0] === item.hint);
    const candidates: Relationship[] = [];
    const target = this.cache.relations.get(key(this.schema, item.relation));
    for (const fk of this.cache.foreignKeys) {
      const fromParent = fk.schema === parent.schema && fk.table === parent.name;
      const toParent = fk.targetSchema === parent.schema && fk.targetTable === parent.name;
      if (target && fromParent && fk.targetSchema === target.schema && fk.targetTable === target.name && matchesHint(fk, fk.columns)) {
        candidates.push({ target, fk, toOne: true });
      }
      if (target && toParent && fk.schema === target.schema && fk.table === target.name && matchesHint(fk, fk.columns)) {
        candidates.push({ target, fk, toOne: false });
      }
      // Embedding by a foreign key column of the parent: `select=owner_id(*)`, aliased as the column.
      if (!target && fromParent && fk.columns.length === 1 && fk.columns[0] === item.relation) {
        const referenced = this.cache.relations.get(key(fk.targetSchema, fk.targetTable));
        if (referenced) candidates.push({ target: referenced, fk, toOne: true });
      }
    }
    // Many-to-many (docs "Resource Embedding"): a join table with a foreign key to each side, both inside its primary
    // key; only when no direct relationship exists. A hint names the join table.
    if (target && candidates.length === 0) {
      for (const toParent of this.cache.foreignKeys) {
        if (toParent.targetSchema !== parent.schema || toParent.targetTable !== parent.name) continue;
        const junction = this.cache.relations.get(key(toParent.schema, toParent.table));
        if (!junction || junction === parent || junction === target) continue;
        if (item.hint !== null && item.hint !== junction.name) continue;
        for (const toTarget of this.cache.foreignKeys) {
          if (toTarget === toParent || toTarget.schema !== junction.schema || toTarget.table !== junction.name) continue;
          if (toTarget.targetSchema !== target.schema || toTarget.targetTable !== target.name) continue;
          const keyed = [...toParent.columns, ...toTarget.columns].every((column) => junction.primaryKey.includes(column));
          if (keyed) candidates.push({ target, fk: toTarget, toOne: false, through: { junction, toParent } });
        }
      }
    }
    if (candidates.length === 0) {
      throw new ApiError(400, 'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${item.relation}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${this.schema}', but no matches were found.`,
        null);
    }
    if (candidates.length > 1) {
      throw new ApiError(300, 'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${item.relation}'`,
        JSON.stringify(candidates.map((c) => ({ relationship: c.through ? c.through.junction.name : c.fk.name, cardinality: c.through ? 'many-to-many' : c.toOne ? 'many-to-one' : 'one-to-many' }))),
        `Try changing '${item.relation}' to one of the following: ${candidates.map((c) => `'${item.relation}!${c.through ? c.through.junction.name : c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`);
    }
    return candidates[0]!;
  }

  /** The names a select list gives its columns (a star: the relation's columns). */
  outputNames(relation: Relation, items: SelectItem[]): string[] {
    return items.flatMap((item) => {
      if (item.kind === 'star') return relation.columns.map((c) => c.name);
      if (item.kind === 'column') return [item.alias ?? (item.field.json.length ? item.field.json[item.field.json.length - 1]!.key : item.field.name)];
      if (item.spread) {
        const target = this.relationship(relation, item).target;
        return this.outputNames(target, item.select);
      }
      return [item.alias ?? item.relation];
    });
  }

  /**
   * The select list, lateral joins (embedded resources) and join-filters of one level. `path` names the level for
   * its filters (`author.name=eq.x` is the level ['author']).
   */
  selection(relation: Relation | null, alias: string, items: SelectItem[], path: string[]): { list: string; joins: string; innerFilters: string[] } {
    const list: string[] = [];
    const joins: string[] = [];
    const innerFilters: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') list.push(`${alias}.*`);
      else if (item.kind === 'column') {
        if (relation && !relation.columns.some((c) => c.name === item.field.name)) {
          throw new ApiError(400, '42703', `column ${relation.name}.${item.field.name} does not exist`);
        }
        let sql = this.fieldSql(alias, item.field);
        if (item.cast) sql = `(${sql})::${castSql(item.cast)}`;
        const name = item.alias ?? (item.field.json.length ? item.field.json[item.field.json.length - 1]!.key : item.field.name);
        list.push(`${sql} as ${ident(name)}`);
      } else {
        if (!relation) throw new ApiError(400, 'PGRST200', `Could not find a relationship for '${item.relation}': the result of a function has no relationships`);
        const { target, fk, toOne, through } = this.relationship(relation, item);
        const name = item.alias ?? item.relation;
        const childPath = [...path, name];
        const childAlias = this.nextAlias('t');
        const lateral = this.nextAlias('e');
        const inner = this.selection(target, childAlias, item.select, childPath);
        const level = this.level(childPath);
        // The join: many-to-one, the child's referenced columns equal the parent's foreign key; one-to-many, the reverse.
        let from = `${ident(target.schema)}.${ident(target.name)} as ${childAlias}`;
        let join: string[];
        if (through) {
          // Through the join table: its row links the child (fk) and the parent (through.toParent).
          const link = this.nextAlias('j');
          from += ` join ${ident(through.junction.schema)}.${ident(through.junction.name)} as ${link} on ${fk.columns
            .map((column, i) => `${link}.${ident(column)} = ${childAlias}.${ident(fk.targetColumns[i]!)}`)
            .join(' and ')}`;
          join = through.toParent.columns.map((column, i) => `${link}.${ident(column)} = ${alias}.${ident(through.toParent.targetColumns[i]!)}`);
        } else {
          join = fk.columns.map((column, i) =>
            toOne
              ? `${childAlias}.${ident(fk.targetColumns[i]!)} = ${alias}.${ident(column)}`
              : `${childAlias}.${ident(column)} = ${alias}.${ident(fk.targetColumns[i]!)}`,
          );
        }
        const where = [...join, ...level.conditions.map((c) => this.conditionSql(childAlias, c)), ...inner.innerFilters];
        const rows = `select ${inner.list} from ${from}${inner.joins} where ${where.join(' and ')}`;
        const row = this.nextAlias('r');
        if (item.spread) {
          // The child's columns become the row's own (null when there is no child row).
          if (!toOne) {
            throw new ApiError(400, 'PGRST119', `A spread of '${item.relation}' needs a to-one relationship`, null,
              `'${item.relation}' is a one-to-many or many-to-many relationship of '${relation.name}': embed it without '...'`);
          }
          // !inner: an inner join drops rows without a child (a row test would also drop children with a null column);
          // its 'true' filter only tells the count to take these joins too.
          joins.push(` ${item.inner ? 'cross' : 'left'} join lateral (${rows} limit 1) as ${lateral}${item.inner ? '' : ' on true'}`);
          for (const output of this.outputNames(target, item.select)) list.push(`${lateral}.${ident(output)}`);
          if (item.inner) innerFilters.push('true');
          continue;
        }
        if (toOne) {
          joins.push(` left join lateral (select row_to_json(${row}) as body from (${rows} limit 1) as ${row}) as ${lateral} on true`);
          list.push(`${lateral}.body as ${ident(name)}`);
        } else {
          const paging = `${this.orderSql(childAlias, level.order)}${level.limit !== null ? ` limit ${this.params.add(level.limit)}` : ''}${level.offset !== null ? ` offset ${this.params.add(level.offset)}` : ''}`;
          joins.push(` left join lateral (select json_agg(${row}) as body from (${rows}${paging}) as ${row}) as ${lateral} on true`);
          list.push(`coalesce(${lateral}.body, '[]'::json) as ${ident(name)}`);
        }
        if (item.inner) innerFilters.push(`${lateral}.body is not null`);
      }
    }
    return { list: list.join(', '), joins: joins.join(''), innerFilters };
  }

  /** The rows of the top level: `select … from source as t where … order … limit … offset …`. */
  rows(source: Source, options: { limit: number; offset: number; filtered: boolean }): { rows: string; countFrom: string } {
    const alias = ident('pgrst_t');
    const top = this.level([]);
    const selection = this.selection(source.relation, alias, this.query.select, []);
    const where = options.filtered ? [...top.conditions.map((c) => this.conditionSql(alias, c)), ...selection.innerFilters] : selection.innerFilters;
    const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
    const from = `${source.sql} as ${alias}`;
    // The count needs the laterals only when an !inner embed filters the top rows.
    const countFrom = `${from}${selection.innerFilters.length ? selection.joins : ''}${whereSql}`;
    const rows = `select ${selection.list} from ${from}${selection.joins}${whereSql}${this.orderSql(alias, top.order)} limit ${this.params.add(options.limit)} offset ${this.params.add(options.offset)}`;
    this.assertLevelsApplied();
    return { rows, countFrom };
  }

  /** Filters of the top level, for UPDATE and DELETE (their rows are the table's own). */
  whereSql(alias: string): string {
    const top = this.level([]);
    for (const path of this.query.levels.keys()) {
      if (path !== '') throw new ApiError(400, 'PGRST100', `"failed to parse filter (${path})"`, 'Filters on embedded resources only apply to reads');
    }
    return top.conditions.length ? ` where ${top.conditions.map((c) => this.conditionSql(alias, c)).join(' and ')}` : '';
  }
}

/** A JSON value of the request as the parameter of a column or argument of this category. */
export function valueParam(value: unknown, category: Column['category']): unknown {
  if (value === null || value === undefined) return null;
  if (category === 'json') return JSON.stringify(value);
  if (category === 'array' && Array.isArray(value)) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function columnOf(relation: Relation, name: string): Column {
  const column = relation.columns.find((c) => c.name === name);
  if (!column) {
    throw new ApiError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
  }
  return column;
}

/** The overload of `name` that takes exactly these named arguments (the others having defaults). */
export function pickFunction(cache: SchemaCache, schema: string, name: string, argNames: string[]): DbFunction {
  const overloads = cache.functions.get(key(schema, name)) ?? [];
  const fits = overloads.filter(
    (fn) => argNames.every((a) => fn.args.some((arg) => arg.name === a)) && fn.args.every((arg) => arg.hasDefault || argNames.includes(arg.name)),
  );
  const signature = `${schema}.${name}(${[...argNames].sort().join(', ')})`;
  if (fits.length === 0) {
    throw new ApiError(404, 'PGRST202', `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${schema}.${name} with parameters ${argNames.length ? [...argNames].sort().join(', ') : 'none'}, but no matches were found in the schema cache.`);
  }
  if (fits.length > 1) {
    throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${fits.map((f) => `${schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`);
  }
  return fits[0]!;
}
