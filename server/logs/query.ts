// The logs query language (issue 19, spec A5 "Logs SQL"): a small SELECT … FROM <source> [WHERE …] [ORDER BY …]
// [LIMIT n] read by a hand-written parser and compiled to parameterized SQL over the platform's log tables. The
// user's text never reaches Postgres as SQL: identifiers must be known columns (mapped to the platform's own
// expressions), every literal becomes a parameter. WITH, subqueries and ILIKE are refused with the spec's messages.
import { LOGS_QUERY_DEFAULT_ROWS, LOGS_QUERY_MAX_ROWS } from './limits.ts';
import { LOG_SOURCES, type LogSource } from './sources.ts';

// spec A5 (verbatim)
export const WITH_MESSAGE = 'The parser does not yet support WITH and subquery statements.';
export const ILIKE_MESSAGE = 'BigQuery does not support ILIKE. Use REGEXP_CONTAINS instead.';

export class LogsQueryError extends Error {}

type Token =
  | { kind: 'word'; value: string; upper: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'op'; value: string }
  | { kind: 'punct'; value: '(' | ')' | ',' | '*' | ';' };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'word', value: match, upper: match.toUpperCase() });
      i += match.length;
    } else if (char === '`' || char === '"') {
      const end = text.indexOf(char, i + 1);
      if (end === -1) throw new LogsQueryError('Unterminated quoted name');
      const name = text.slice(i + 1, end);
      tokens.push({ kind: 'word', value: name, upper: name.toUpperCase() });
      i = end + 1;
    } else if (/[0-9]/.test(char)) {
      const match = /^\d+(\.\d+)?/.exec(text.slice(i))![0];
      tokens.push({ kind: 'number', value: Number(match) });
      i += match.length;
    } else if (char === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new LogsQueryError('Unterminated string literal');
        if (text[j] === "'" && text[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (text[j] === "'") {
          break;
        } else if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else {
          value += text[j];
          j += 1;
        }
      }
      tokens.push({ kind: 'string', value });
      i = j + 1;
    } else {
      const op = /^(<=|>=|!=|<>|=|<|>)/.exec(text.slice(i))?.[0];
      if (op) {
        tokens.push({ kind: 'op', value: op });
        i += op.length;
      } else if ('(),*;'.includes(char)) {
        tokens.push({ kind: 'punct', value: char as '(' });
        i += 1;
      } else {
        throw new LogsQueryError(`Unexpected character '${char}' at position ${i + 1}`);
      }
    }
  }
  return tokens;
}

/** The spec's refusals, checked on the tokens (so a word inside a string literal does not count). */
export function validateLogsQuery(tokens: Token[]): void {
  let selects = 0;
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    if (token.upper === 'WITH') throw new LogsQueryError(WITH_MESSAGE);
    if (token.upper === 'ILIKE') throw new LogsQueryError(ILIKE_MESSAGE);
    if (token.upper === 'SELECT') {
      selects += 1;
      const before = tokens[index - 1];
      if (selects > 1 || (before?.kind === 'punct' && before.value === '(')) throw new LogsQueryError(WITH_MESSAGE);
    }
  });
}

export interface CompiledLogsQuery {
  source: string;
  database: LogSource['database'];
  /** Parameterized SQL; $1 is the project ref (platform sources), then the time range, then the literals. */
  text: string;
  values: unknown[];
  columns: string[];
  /** The WHERE clause (scope, range and the user's conditions), for the histogram. */
  where: string;
  from: string;
  time: string;
}

const OPERATORS: Record<string, string> = { '=': '=', '!=': '<>', '<>': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const RESERVED = new Set(['SELECT', 'FROM', 'WHERE', 'ORDER', 'BY', 'LIMIT', 'AND', 'OR', 'NOT', 'ASC', 'DESC', 'LIKE', 'IN', 'IS', 'NULL']);

class Parser {
  private at = 0;
  readonly values: unknown[];
  constructor(
    private readonly tokens: Token[],
    values: unknown[],
  ) {
    this.values = values;
  }

  peek(): Token | undefined {
    return this.tokens[this.at];
  }
  next(): Token | undefined {
    return this.tokens[this.at++];
  }
  isWord(upper: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.upper === upper;
  }
  isPunct(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'punct' && token.value === value;
  }
  expectWord(upper: string): void {
    if (!this.isWord(upper)) throw new LogsQueryError(`Expected ${upper}${this.where()}`);
    this.at += 1;
  }
  expectPunct(value: string): void {
    if (!this.isPunct(value)) throw new LogsQueryError(`Expected '${value}'${this.where()}`);
    this.at += 1;
  }
  where(): string {
    const token = this.peek();
    if (!token) return ' at the end of the query';
    return ` near ${token.kind === 'string' ? `'${token.value}'` : String(token.value)}`;
  }
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  column(sourceColumns: Record<string, string>): { name: string; sql: string } {
    const token = this.next();
    if (token?.kind !== 'word' || RESERVED.has(token.upper)) {
      this.at -= 1;
      throw new LogsQueryError(`Expected a column name${this.where()}`);
    }
    const name = token.value.includes('.') ? token.value.slice(token.value.lastIndexOf('.') + 1) : token.value;
    const sql = sourceColumns[name.toLowerCase()];
    if (!sql) throw new LogsQueryError(`Unknown column '${token.value}'. Columns: ${Object.keys(sourceColumns).join(', ')}`);
    return { name: name.toLowerCase(), sql };
  }

  literal(): string {
    const token = this.next();
    if (token?.kind === 'string' || token?.kind === 'number') return this.param(token.value);
    if (token?.kind === 'word' && (token.upper === 'TRUE' || token.upper === 'FALSE')) return this.param(token.upper === 'TRUE');
    this.at -= token ? 1 : 0;
    throw new LogsQueryError(`Expected a value${this.where()}`);
  }

  expression(columns: Record<string, string>): string {
    const parts = [this.conjunction(columns)];
    while (this.isWord('OR')) {
      this.at += 1;
      parts.push(this.conjunction(columns));
    }
    return parts.length === 1 ? parts[0]! : `(${parts.join(' or ')})`;
  }
  conjunction(columns: Record<string, string>): string {
    const parts = [this.negation(columns)];
    while (this.isWord('AND')) {
      this.at += 1;
      parts.push(this.negation(columns));
    }
    return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
  }
  negation(columns: Record<string, string>): string {
    if (this.isWord('NOT')) {
      this.at += 1;
      return `(not ${this.negation(columns)})`;
    }
    return this.condition(columns);
  }
  condition(columns: Record<string, string>): string {
    if (this.isPunct('(')) {
      this.at += 1;
      const inner = this.expression(columns);
      this.expectPunct(')');
      return `(${inner})`;
    }
    if (this.isWord('REGEXP_CONTAINS')) {
      this.at += 1;
      this.expectPunct('(');
      const column = this.column(columns);
      this.expectPunct(',');
      const pattern = this.next();
      if (pattern?.kind !== 'string') throw new LogsQueryError('REGEXP_CONTAINS takes a column and a string pattern');
      try {
        // Postgres's embedded options ('(?i)' for case-insensitive) are not JavaScript's: checked without them.
        new RegExp(pattern.value.replace(/^\(\?[bceimnpqstwx]+\)/, ''));
      } catch {
        throw new LogsQueryError(`Invalid regular expression '${pattern.value}'`);
      }
      this.expectPunct(')');
      return `(${column.sql})::text ~ ${this.param(pattern.value)}`;
    }
    const column = this.column(columns);
    const token = this.peek();
    if (token?.kind === 'op') {
      this.at += 1;
      return `${column.sql} ${OPERATORS[token.value]} ${this.literal()}`;
    }
    let negated = false;
    if (this.isWord('NOT')) {
      negated = true;
      this.at += 1;
    }
    if (this.isWord('LIKE')) {
      this.at += 1;
      const pattern = this.next();
      if (pattern?.kind !== 'string') throw new LogsQueryError('LIKE takes a string pattern');
      return `(${column.sql})::text ${negated ? 'not like' : 'like'} ${this.param(pattern.value)}`;
    }
    if (this.isWord('IN')) {
      this.at += 1;
      this.expectPunct('(');
      const items = [this.literal()];
      while (this.isPunct(',')) {
        this.at += 1;
        items.push(this.literal());
      }
      this.expectPunct(')');
      return `(${column.sql})::text ${negated ? 'not in' : 'in'} (${items.map((p) => `${p}::text`).join(', ')})`;
    }
    if (!negated && this.isWord('IS')) {
      this.at += 1;
      const not = this.isWord('NOT');
      if (not) this.at += 1;
      this.expectWord('NULL');
      return `${column.sql} is ${not ? 'not ' : ''}null`;
    }
    throw new LogsQueryError(`Expected a comparison after '${column.name}'${this.where()}`);
  }

  done(): boolean {
    if (this.isPunct(';')) this.at += 1;
    return this.at >= this.tokens.length;
  }
}

export interface LogsQueryRange {
  projectRef: string;
  start: Date;
  end: Date;
}

export function compileLogsQuery(sql: string, range: LogsQueryRange): CompiledLogsQuery {
  if (!sql.trim()) throw new LogsQueryError('The query is empty');
  const tokens = tokenize(sql);
  validateLogsQuery(tokens);
  // First pass to find FROM: the select list's columns depend on the source.
  const fromIndex = tokens.findIndex((t) => t.kind === 'word' && t.upper === 'FROM');
  const sourceToken = tokens[fromIndex + 1];
  if (!(tokens[0]?.kind === 'word' && tokens[0].upper === 'SELECT')) throw new LogsQueryError('A logs query starts with SELECT');
  if (fromIndex === -1 || sourceToken?.kind !== 'word') throw new LogsQueryError('Expected FROM and a log source');
  const sourceName = sourceToken.value.toLowerCase();
  const source = LOG_SOURCES[sourceName];
  if (!source) throw new LogsQueryError(`Unknown log source '${sourceToken.value}'. Sources: ${Object.keys(LOG_SOURCES).join(', ')}`);

  const values: unknown[] = [];
  const scope: string[] = [];
  if (source.projectFilter) {
    values.push(range.projectRef);
    scope.push(source.projectFilter);
  }
  values.push(range.start, range.end);
  scope.push(`${source.time} >= $${values.length - 1}`, `${source.time} <= $${values.length}`);

  const parser = new Parser(tokens, values);
  parser.expectWord('SELECT');
  const columns: { name: string; sql: string }[] = [];
  if (parser.isPunct('*')) {
    parser.next();
    for (const name of source.defaultColumns) columns.push({ name, sql: source.columns[name]! });
  } else {
    columns.push(parser.column(source.columns));
    while (parser.isPunct(',')) {
      parser.next();
      columns.push(parser.column(source.columns));
    }
  }
  parser.expectWord('FROM');
  parser.next();
  let condition: string | null = null;
  if (parser.isWord('WHERE')) {
    parser.next();
    condition = parser.expression(source.columns);
  }
  let order = `${source.time} desc`;
  if (parser.isWord('ORDER')) {
    parser.next();
    parser.expectWord('BY');
    const column = parser.column(source.columns);
    let direction = 'asc';
    if (parser.isWord('ASC') || parser.isWord('DESC')) direction = (parser.next() as { upper: string }).upper.toLowerCase();
    order = `${column.sql} ${direction}`;
  }
  let limit = LOGS_QUERY_DEFAULT_ROWS;
  if (parser.isWord('LIMIT')) {
    parser.next();
    const token = parser.next();
    if (token?.kind !== 'number' || !Number.isInteger(token.value) || token.value < 1) {
      throw new LogsQueryError('LIMIT takes a whole number of at least 1');
    }
    limit = Math.min(token.value, LOGS_QUERY_MAX_ROWS);
  }
  if (!parser.done()) throw new LogsQueryError(`Unexpected${parser.where()}`);

  const where = [...scope, ...(condition ? [condition] : [])].join(' and ');
  const select = columns.map((c) => `${c.sql} as "${c.name}"`).join(', ');
  return {
    source: sourceName,
    database: source.database,
    text: `select ${select} from ${source.from} where ${where} order by ${order} limit ${limit}`,
    values,
    columns: columns.map((c) => c.name),
    where,
    from: source.from,
    time: source.time,
  };
}

/** Counts of the query's rows per time bucket over the range (the explorer's histogram). */
export function histogramQuery(compiled: CompiledLogsQuery, range: LogsQueryRange, buckets: number): { text: string; values: unknown[] } {
  const spanMs = Math.max(1000, range.end.getTime() - range.start.getTime());
  const bucketMs = Math.max(1000, Math.ceil(spanMs / buckets / 1000) * 1000);
  const values = [...compiled.values, `${bucketMs} milliseconds`];
  const startParam = compiled.values.indexOf(range.start) + 1;
  const bucket = `date_bin($${values.length}::interval, ${compiled.time}, $${startParam}::timestamptz)`;
  return {
    text: `select ${bucket} as timestamp, count(*)::int as count from ${compiled.from} where ${compiled.where} group by 1 order by 1`,
    values,
  };
}
