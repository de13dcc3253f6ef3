// Which SQL the editor asks about before running it (issue 14 item 6: `drop`, `truncate`, `delete` or `update`
// without `where`, `alter table … drop column` ran with no confirmation). A small lexer, not a parser: it knows
// comments (nested /* */ as Postgres does), strings ('', E'', $tag$ $tag$), quoted identifiers and statement
// boundaries, so words inside them never count, and a `where` counts only at the statement's own level (not
// inside a subquery). EXPLAIN without ANALYZE does not run its statement; a data-modifying WITH part does.

export type DestructiveKind = 'drop' | 'truncate' | 'delete' | 'update' | 'dropColumn';

export interface DestructiveStatement {
  kind: DestructiveKind;
  /** 0-based index of the statement among the non-empty statements of the text. */
  statement: number;
}

/** What the confirmation names, one phrase per kind. */
export const DESTRUCTIVE_LABELS: Readonly<Record<DestructiveKind, string>> = {
  drop: 'drop statement',
  truncate: 'truncate statement',
  delete: 'delete without a where clause',
  update: 'update without a where clause',
  dropColumn: 'alter table that drops a column',
};

type Token = { type: 'word'; value: string } | { type: 'quoted' } | { type: 'string' } | { type: 'punct'; value: string };

const isIdentStart = (c: string) => /[\p{L}_]/u.test(c);
const isIdentPart = (c: string) => /[\p{L}\p{N}_$]/u.test(c);

/** Splits `sql` into statements of tokens; comments and whitespace vanish, literals keep only their kind. */
export function lexStatements(sql: string): Token[][] {
  const statements: Token[][] = [];
  let current: Token[] = [];
  let i = 0;
  const n = sql.length;
  const push = () => {
    if (current.length > 0) statements.push(current);
    current = [];
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      // Postgres block comments nest.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth -= 1;
          i += 2;
        } else i += 1;
      }
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      // A standard string ('' doubles a quote); an E'' string also escapes with backslashes.
      const escapes = c !== "'";
      i += escapes ? 2 : 1;
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") {
          i += 1;
          break;
        } else i += 1;
      }
      current.push({ type: 'string' });
    } else if (c === '"') {
      i += 1;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') {
          i += 1;
          break;
        } else i += 1;
      }
      current.push({ type: 'quoted' });
    } else if (c === '$' && dollarTag(sql, i) !== null) {
      const tag = dollarTag(sql, i)!;
      const end = sql.indexOf(tag, i + tag.length);
      i = end === -1 ? n : end + tag.length;
      current.push({ type: 'string' });
    } else if (c === ';') {
      push();
      i += 1;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(sql[j]!)) j += 1;
      current.push({ type: 'word', value: sql.slice(i, j).toLowerCase() });
      i = j;
    } else {
      current.push({ type: 'punct', value: c });
      i += 1;
    }
  }
  push();
  return statements;
}

/** `$tag$` (or `$$`) opening a dollar-quoted string at `i`; null for a parameter like `$1`. */
function dollarTag(sql: string, i: number): string | null {
  let j = i + 1;
  if (sql[j] === '$') return '$$';
  if (!sql[j] || !isIdentStart(sql[j]!)) return null;
  while (j < sql.length && /[\p{L}\p{N}_]/u.test(sql[j]!)) j += 1;
  return sql[j] === '$' ? sql.slice(i, j + 1) : null;
}

const word = (token: Token | undefined): string | null => (token?.type === 'word' ? token.value : null);
const isPunct = (token: Token | undefined, value: string) => token?.type === 'punct' && token.value === value;

/** The index just past the parenthesised group opening at `start`. */
function groupEnd(tokens: Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i += 1) {
    if (isPunct(tokens[i], '(')) depth += 1;
    else if (isPunct(tokens[i], ')')) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return tokens.length;
}

/** A statement's own level: a parenthesised group (subquery, column list, CTE body) is one token holding its inside. */
type TopToken = Token | { type: 'group'; inner: Token[] };

function topLevel(tokens: Token[]): TopToken[] {
  const top: TopToken[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (isPunct(tokens[i], '(')) {
      const end = groupEnd(tokens, i);
      top.push({ type: 'group', inner: tokens.slice(i + 1, end - 1) });
      i = end;
    } else {
      top.push(tokens[i]!);
      i += 1;
    }
  }
  return top;
}

const topWord = (token: TopToken | undefined): string | null => (token?.type === 'word' ? token.value : null);
const isTopPunct = (token: TopToken | undefined, value: string) => token?.type === 'punct' && token.value === value;
const isGroup = (token: TopToken | undefined): token is { type: 'group'; inner: Token[] } => token?.type === 'group';
const FALSE_WORDS = new Set(['false', 'off', '0']);

/** The destructive kinds of one statement (a WITH statement may have several). */
function classify(tokens: Token[]): DestructiveKind[] {
  const top = topLevel(tokens);
  const first = topWord(top[0]);
  if (first === 'explain') return classifyExplain(top.slice(1));
  if (first === 'with') {
    // `with [recursive] name [(columns)] as [[not] materialized] (statement) [, …] main`: each part runs.
    const kinds: DestructiveKind[] = [];
    for (let i = 1; i < top.length; i += 1) {
      const token = top[i];
      const before = topWord(top[i - 1]);
      if (isGroup(token) && (before === 'as' || before === 'materialized')) {
        kinds.push(...classify(token.inner));
        if (!isTopPunct(top[i + 1], ',')) return [...kinds, ...classifyTop(top.slice(i + 1))];
      }
    }
    return kinds;
  }
  return classifyTop(top);
}

function classifyExplain(rest: TopToken[]): DestructiveKind[] {
  // EXPLAIN plans without running; EXPLAIN ANALYZE (or the analyze option not set false) runs the statement.
  let analyze = false;
  let at = 0;
  const options = rest[0];
  if (isGroup(options)) {
    options.inner.forEach((token, index) => {
      const value = word(token);
      if ((value === 'analyze' || value === 'analyse') && !FALSE_WORDS.has(word(options.inner[index + 1]) ?? '')) analyze = true;
    });
    at = 1;
  }
  while (['analyze', 'analyse', 'verbose'].includes(topWord(rest[at]) ?? '')) {
    if (topWord(rest[at]) !== 'verbose') analyze = true;
    at += 1;
  }
  return analyze ? classify(flatten(rest.slice(at))) : [];
}

const flatten = (top: TopToken[]): Token[] =>
  top.flatMap((token): Token[] => (isGroup(token) ? [{ type: 'punct', value: '(' }, ...token.inner, { type: 'punct', value: ')' }] : [token]));

function classifyTop(top: TopToken[]): DestructiveKind[] {
  const words = top.map(topWord);
  switch (words[0]) {
    case 'drop':
      return ['drop'];
    case 'truncate':
      return ['truncate'];
    case 'delete':
    case 'update':
      // Only the statement's own where: one inside a subquery (a group) does not limit the rows.
      return words.includes('where') ? [] : [words[0]];
    case 'alter':
      return words[1] === 'table' && dropsColumn(top) ? ['dropColumn'] : [];
    default:
      return [];
  }
}

/**
 * `alter table [if exists] [only] name [*] action [, action …]`: an action `drop [column] …` drops a column
 * (`drop constraint` does not; `alter column x drop default` is an `alter` action).
 */
function dropsColumn(top: TopToken[]): boolean {
  let i = 2;
  if (topWord(top[i]) === 'if' && topWord(top[i + 1]) === 'exists') i += 2;
  if (topWord(top[i]) === 'only') i += 1;
  // The table's name: name, "name", schema.name, then an optional *.
  i += 1;
  while (isTopPunct(top[i], '.')) i += 2;
  if (isTopPunct(top[i], '*')) i += 1;
  const actionStarts = [i];
  for (let j = i; j < top.length; j += 1) if (isTopPunct(top[j], ',')) actionStarts.push(j + 1);
  return actionStarts.some((start) => topWord(top[start]) === 'drop' && topWord(top[start + 1]) !== 'constraint');
}

/** Every destructive statement of `sql`, in order. Empty: the SQL runs without asking. */
export function destructiveStatements(sql: string): DestructiveStatement[] {
  return lexStatements(sql).flatMap((tokens, statement) => classify(tokens).map((kind) => ({ kind, statement })));
}

/** The distinct phrases the confirmation lists for `sql` (empty when nothing needs confirming). */
export function destructiveReasons(sql: string): string[] {
  return [...new Set(destructiveStatements(sql).map((found) => DESTRUCTIVE_LABELS[found.kind]))];
}
