// PostgREST's query syntax (docs: "Tables and Views", "Resource Embedding") parsed into a small AST. Nothing here
// touches SQL: the builder (sql.ts) quotes every name of the AST with pg-format and sends every value as a bind
// parameter. Anything outside the grammar is a PGRST100 (400), never passed on.
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias: string | null; cast: string | null }
  | {
      kind: 'embed';
      relation: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      select: SelectItem[];
      /** `...rel(cols)`: a to-one resource's columns merged into the row. */
      spread?: boolean;
    };

export type Operator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'is' | 'isdistinct' | 'in'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj' | 'fts' | 'plfts' | 'phfts' | 'wfts';

const OPERATORS = new Set<string>([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
/** Operators that take the `(any)`/`(all)` modifier with a list of values. */
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

export type Condition =
  | {
      kind: 'filter';
      field: Field;
      negated: boolean;
      operator: Operator;
      /** fts: the text search configuration; any/all: the quantifier. */
      modifier: string | null;
      /** in, any/all: a list; otherwise one value (is: one of null, true, false, unknown). */
      value: string | string[];
    }
  | { kind: 'logic'; operator: 'and' | 'or'; negated: boolean; conditions: Condition[] };

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Filters, order and paging of one level: the top resource (path []) or an embedded one (its alias path). */
export interface Level {
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  levels: Map<string, Level>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Query parameters that are not part of the grammar (rpc GET: the function's arguments). */
  rest: Map<string, string>;
}

/** Query parameters with a meaning of their own; every other one is a filter (or an rpc argument). */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'or', 'and', 'not.or', 'not.and']);

const NAME_CHARS = /[^\s,.:()!"'\-<>=]/;

/** Deepest nesting of embeds and of logic trees: deeper requests are refused, never a stack overflow. */
export const MAX_DEPTH = 16;

class Reader {
  position = 0;
  constructor(readonly text: string, readonly what: string) {}
  get done() {
    return this.position >= this.text.length;
  }
  peek(length = 1) {
    return this.text.slice(this.position, this.position + length);
  }
  eat(token: string) {
    if (this.text.startsWith(token, this.position)) {
      this.position += token.length;
      return true;
    }
    return false;
  }
  expect(token: string) {
    if (!this.eat(token)) throw this.fail(`expected "${token}"`);
  }
  fail(reason: string) {
    return parseError(`"failed to parse ${this.what} (${this.text})"`, `unexpected ${this.done ? 'end of input' : `"${this.peek()}"`} at position ${this.position}: ${reason}`);
  }
  /** A name: a run of plain characters, or a double-quoted name ("" inside stands for a quote). */
  name(): string {
    if (this.eat('"')) {
      let out = '';
      for (;;) {
        if (this.done) throw this.fail('unterminated quoted name');
        const ch = this.text[this.position++]!;
        if (ch === '"') {
          if (this.eat('"')) out += '"';
          else break;
        } else out += ch;
      }
      if (!out) throw this.fail('empty name');
      return out;
    }
    const start = this.position;
    while (!this.done && NAME_CHARS.test(this.peek()) ) this.position++;
    // A dash is part of a name unless it starts an arrow (`->`).
    while (!this.done && this.peek() === '-' && this.peek(2) !== '->') {
      this.position++;
      while (!this.done && NAME_CHARS.test(this.peek())) this.position++;
    }
    if (this.position === start) throw this.fail('expected a name');
    return this.text.slice(start, this.position);
  }
  /** A column with an optional JSON path: `data->a->>b`. */
  field(): Field {
    const name = this.name();
    const json: JsonStep[] = [];
    for (;;) {
      if (this.eat('->>')) json.push({ arrow: '->>', key: this.name() });
      else if (this.eat('->')) json.push({ arrow: '->', key: this.name() });
      else break;
    }
    return { name, json };
  }
}

export function parseField(text: string, what = 'field'): Field {
  const reader = new Reader(text, what);
  const field = reader.field();
  if (!reader.done) throw reader.fail('unexpected characters after the name');
  return field;
}

const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

/** `select=` (docs "Vertical Filtering", "Resource Embedding"). */
export function parseSelect(text: string): SelectItem[] {
  const reader = new Reader(text, 'select');
  const items = selectList(reader, 0);
  if (!reader.done) throw reader.fail('unexpected characters');
  return items;
}

function selectList(reader: Reader, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw reader.fail(`embedded resources nest at most ${MAX_DEPTH} levels deep`);
  const items: SelectItem[] = [];
  if (reader.done || reader.peek() === ')') return [{ kind: 'star' }];
  for (;;) {
    items.push(selectItem(reader, depth));
    if (!reader.eat(',')) break;
  }
  return items;
}

function selectItem(reader: Reader, depth: number): SelectItem {
  if (reader.eat('*')) return { kind: 'star' };
  if (reader.eat('...')) {
    const item = selectItem(reader, depth);
    if (item.kind !== 'embed' || item.alias !== null) throw reader.fail('only an embedded resource without an alias can be spread');
    return { ...item, spread: true };
  }
  let alias: string | null = null;
  let field = reader.field();
  if (field.json.length === 0 && reader.peek() === ':' && reader.peek(2) !== '::') {
    reader.expect(':');
    alias = field.name;
    field = reader.field();
  }
  if (field.json.length === 0 && (reader.peek() === '!' || reader.peek() === '(')) {
    let hint: string | null = null;
    let inner = false;
    while (reader.eat('!')) {
      const word = reader.name();
      if (word === 'inner') inner = true;
      else if (word === 'left') inner = false;
      else if (hint === null) hint = word;
      else throw reader.fail('only one relationship hint is allowed');
    }
    reader.expect('(');
    const select = selectList(reader, depth + 1);
    reader.expect(')');
    return { kind: 'embed', relation: field.name, alias, hint, inner, select };
  }
  let cast: string | null = null;
  if (reader.eat('::')) {
    const start = reader.position;
    while (!reader.done && /[A-Za-z0-9_[\] ]/.test(reader.peek())) reader.position++;
    cast = reader.text.slice(start, reader.position).trim();
    if (!CAST.test(cast)) throw reader.fail('a cast names a type');
  }
  return { kind: 'column', field, alias, cast };
}

/** `order=a.desc.nullslast,b` (docs "Ordering"). */
export function parseOrder(text: string): OrderTerm[] {
  const reader = new Reader(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    const field = reader.field();
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (reader.eat('.')) {
      const word = reader.name();
      if (word === 'asc' || word === 'desc') direction = word;
      else if (word === 'nullsfirst') nulls = 'first';
      else if (word === 'nullslast') nulls = 'last';
      else throw reader.fail('expected asc, desc, nullsfirst or nullslast');
    }
    terms.push({ field, direction, nulls });
    if (!reader.eat(',')) break;
  }
  if (!reader.done) throw reader.fail('unexpected characters');
  return terms;
}

/** The right-hand side of a filter: `[not.]op[(modifier)].value`. */
export function parseFilter(field: Field, text: string): Condition {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!match || !OPERATORS.has(match[1]!)) {
    throw parseError(`"failed to parse filter (${text})"`, 'unknown or missing operator');
  }
  const operator = match[1] as Operator;
  const modifier = match[2] ?? null;
  const raw = match[3]!;
  if (modifier !== null && !FTS.has(operator) && !(QUANTIFIABLE.has(operator) && (modifier === 'any' || modifier === 'all'))) {
    throw parseError(`"failed to parse filter (${text})"`, `the operator ${operator} takes no (${modifier}) modifier`);
  }
  if (modifier !== null && FTS.has(operator) && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)) {
    throw parseError(`"failed to parse filter (${text})"`, 'a text search configuration is a name');
  }
  let value: string | string[] = raw;
  if (operator === 'in' || (modifier === 'any' || modifier === 'all')) {
    const open = operator === 'in' ? '(' : '{';
    const close = operator === 'in' ? ')' : '}';
    if (!raw.startsWith(open) || !raw.endsWith(close)) {
      throw parseError(`"failed to parse filter (${text})"`, `expected a list in ${open}${close}`);
    }
    value = splitList(raw.slice(1, -1), text);
  } else if (operator === 'is') {
    const word = raw.toLowerCase();
    if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(word)) {
      throw parseError(`"failed to parse filter (${text})"`, 'is takes null, not_null, true, false or unknown');
    }
    value = word;
  } else if (operator === 'like' || operator === 'ilike') {
    // PostgREST lets `*` stand for `%` so patterns survive URLs unencoded.
    value = raw.replaceAll('*', '%');
  }
  if (Array.isArray(value) && (operator === 'like' || operator === 'ilike')) value = value.map((v) => v.replaceAll('*', '%'));
  return { kind: 'filter', field, negated, operator, modifier, value };
}

/** A comma-separated list; items may be double-quoted (with \" and \\ escapes) to hold commas and parentheses. */
function splitList(text: string, whole: string): string[] {
  if (text === '') return [];
  const items: string[] = [];
  let i = 0;
  for (;;) {
    let item = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw parseError(`"failed to parse filter (${whole})"`, 'unterminated quoted value');
        const ch = text[i++]!;
        if (ch === '\\' && i < text.length) item += text[i++];
        else if (ch === '"') break;
        else item += ch;
      }
    } else {
      while (i < text.length && text[i] !== ',') item += text[i++];
    }
    items.push(item);
    if (i >= text.length) break;
    if (text[i] !== ',') throw parseError(`"failed to parse filter (${whole})"`, 'expected "," between values');
    i++;
  }
  return items;
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` (docs "Logical operators"). */
export function parseLogic(operator: 'and' | 'or', negated: boolean, text: string, depth = 0): Condition {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})"`, 'expected the conditions in parentheses');
  }
  if (depth >= MAX_DEPTH) throw parseError(`"failed to parse logic tree (${text.slice(0, 100)})"`, `logic trees nest at most ${MAX_DEPTH} levels deep`);
  const conditions = splitTerms(text.slice(1, -1), text).map((term) => logicTerm(term, text, depth));
  if (conditions.length === 0) throw parseError(`"failed to parse logic tree (${text})"`, 'no conditions');
  return { kind: 'logic', operator, negated, conditions };
}

function logicTerm(term: string, whole: string, depth: number): Condition {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(term);
  if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!, depth + 1);
  const reader = new Reader(term, `logic tree (${whole})`);
  const field = reader.field();
  if (!reader.eat('.')) throw reader.fail('expected "." after the column');
  return parseFilter(field, term.slice(reader.position));
}

/** Splits at commas outside parentheses, braces and double quotes. */
function splitTerms(text: string, whole: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      terms.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) throw parseError(`"failed to parse logic tree (${whole})"`, 'unbalanced parentheses');
  }
  if (depth !== 0 || quoted) throw parseError(`"failed to parse logic tree (${whole})"`, 'unbalanced parentheses or quotes');
  terms.push(text.slice(start));
  return terms.filter((term) => term !== '');
}

function nonNegative(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`"failed to parse ${what} (${text})"`, `${what} is a whole number`);
  return Number(text);
}

/**
 * The whole query string. `keepAsArguments`: names that are the called function's arguments (rpc GET), kept in
 * `rest` rather than read as filters.
 */
export function parseQuery(params: URLSearchParams, keepAsArguments: (name: string) => boolean = () => false): ParsedQuery {
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], levels: new Map(), columns: null, onConflict: null, rest: new Map() };
  const level = (path: string[]): Level => {
    const key = path.join('.');
    let found = parsed.levels.get(key);
    if (!found) {
      found = { conditions: [], order: [], limit: null, offset: null };
      parsed.levels.set(key, found);
    }
    return found;
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      parsed.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parsed.columns = columnList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = columnList(value, 'on_conflict');
      continue;
    }
    if (!RESERVED.has(key) && !key.includes('.') && keepAsArguments(key)) {
      parsed.rest.set(key, value);
      continue;
    }
    // `path.to.embed.order`, `path.limit`, `path.or`, `path.column`: a setting of an embedded level.
    const parts = splitKey(key);
    let last = parts[parts.length - 1]!;
    let path = parts.slice(0, -1);
    let negatedLogic = false;
    if (last === 'or' || last === 'and') {
      if (path[path.length - 1] === 'not') {
        negatedLogic = true;
        path = path.slice(0, -1);
      }
      level(path).conditions.push(parseLogic(last, negatedLogic, value));
    } else if (last === 'order') level(path).order.push(...parseOrder(value));
    else if (last === 'limit') level(path).limit = nonNegative(value, 'limit');
    else if (last === 'offset') level(path).offset = nonNegative(value, 'offset');
    else {
      // A filter on a column, maybe with a JSON path whose keys contain no dots.
      const arrow = key.indexOf('->');
      if (arrow >= 0) {
        const head = splitKey(key.slice(0, arrow));
        last = head[head.length - 1]! + key.slice(arrow);
        path = head.slice(0, -1);
      }
      level(path).conditions.push(parseFilter(parseField(last, `filter (${key})`), value));
    }
  }
  return parsed;
}

function splitKey(key: string): string[] {
  const parts = key.split('.');
  if (parts.some((part) => part === '')) throw parseError(`"failed to parse query parameter (${key})"`, 'empty name');
  return parts;
}

function columnList(text: string, what: string): string[] {
  const reader = new Reader(text, what);
  const names: string[] = [];
  for (;;) {
    names.push(reader.name());
    if (!reader.eat(',')) break;
  }
  if (!reader.done) throw reader.fail('expected a comma-separated list of columns');
  return names;
}
