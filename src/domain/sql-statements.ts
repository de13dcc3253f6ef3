// Splitting the SQL editor's text into statements (issue 14: "run one statement under the cursor" and the statement
// count shown while a run is going). A semicolon ends a statement only outside what Postgres's lexer reads as one
// token: 'strings' (with '' inside, and E'…' with backslash escapes), "quoted identifiers", $tag$dollar quotes$tag$,
// -- line comments and /* nested block comments */. Not understood: BEGIN ATOMIC … END bodies of SQL-standard
// function definitions (their inner semicolons split them; select the whole definition to run it).

export interface SqlStatement {
  /** Start of the statement's text (its first character that is not white space or a comment). */
  from: number;
  /** End of the statement's text, before its semicolon. */
  to: number;
  /** Just past the terminating semicolon (or `to` for the last statement without one). */
  end: number;
  text: string;
}

const identStart = /[A-Za-z_\u0080-\uffff]/;
const identChar = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Where a dollar-quote opening at `i` ends (the index after its closing `$`), or -1 when `$` opens none there. */
function dollarTagAt(text: string, i: number): string | null {
  // `$1` is a parameter and `a$b` part of an identifier: neither opens a dollar quote.
  if (i > 0 && identChar.test(text[i - 1]!)) return null;
  let j = i + 1;
  if (j < text.length && text[j] !== '$') {
    if (!identStart.test(text[j]!)) return null;
    while (j < text.length && identChar.test(text[j]!) && text[j] !== '$') j += 1;
    if (text[j] !== '$') return null;
  }
  if (text[j] !== '$') return null;
  return text.slice(i, j + 1);
}

/**
 * The statements of `text`, in order, with their positions. Statements made only of white space and comments are
 * left out (Postgres runs nothing for them).
 */
export function splitStatements(text: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start: number | null = null; // first significant character of the current statement
  let last = 0; // just past its last significant character
  const close = (end: number) => {
    if (start !== null) statements.push({ from: start, to: last, end, text: text.slice(start, last) });
    start = null;
  };
  const mark = (from: number, to: number) => {
    if (start === null) start = from;
    last = to;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '-' && text[i + 1] === '-') {
      const newline = text.indexOf('\n', i);
      i = newline === -1 ? n : newline + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          depth -= 1;
          j += 2;
        } else j += 1;
      }
      i = j;
      continue;
    }
    if (c === ';') {
      close(i + 1);
      i += 1;
      continue;
    }
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'" || c === '"') {
      // E'…' (the E already marked as a word character) takes backslash escapes; '' and "" are the quote itself.
      const escapes = c === "'" && i > 0 && (text[i - 1] === 'E' || text[i - 1] === 'e') && !(i > 1 && identChar.test(text[i - 2]!));
      let j = i + 1;
      while (j < n) {
        if (escapes && text[j] === '\\') j += 2;
        else if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j += 1;
      }
      const endAt = Math.min(n, j + 1);
      mark(i, endAt);
      i = endAt;
      continue;
    }
    if (c === '$') {
      const tag = dollarTagAt(text, i);
      if (tag !== null) {
        const closing = text.indexOf(tag, i + tag.length);
        const endAt = closing === -1 ? n : closing + tag.length;
        mark(i, endAt);
        i = endAt;
        continue;
      }
    }
    mark(i, i + 1);
    i += 1;
  }
  close(last);
  return statements;
}

/**
 * The statement "under the cursor": the one whose text or terminating semicolon holds it; between statements, the
 * one just before (the cursor usually rests after the `;` just typed), else the first after. Null for no statement.
 */
export function statementAt(text: string, cursor: number): SqlStatement | null {
  const statements = splitStatements(text);
  let before: SqlStatement | null = null;
  for (const statement of statements) {
    if (cursor >= statement.from && cursor <= statement.end) return statement;
    if (statement.end <= cursor) before = statement;
    else return before ?? statement;
  }
  return before;
}

/** How many statements a run sends (shown beside the elapsed time). */
export const countStatements = (text: string): number => splitStatements(text).length;
