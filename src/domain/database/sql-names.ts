// Checks on the text a member types where SQL needs a type or a name that pg-format cannot quote for us
// (spec A2.6, issue 19). A type like `timestamp with time zone`, `numeric(10,2)`, `text[]` or `public.mood` is not
// one identifier, so it is checked against a strict shape instead of being quoted; names are always quoted by ident().
import { ident } from '../table-editor/sql.ts';

// Words, dots, one optional (p[, s]) modifier, any number of [] — nothing that can close a statement.
const TYPE_SHAPE = /^(setof\s+)?[A-Za-z_][A-Za-z0-9_$]*(\s+[A-Za-z_][A-Za-z0-9_$]*)*(\.[A-Za-z_][A-Za-z0-9_$]*)?(\s*\(\s*\d+\s*(,\s*\d+\s*)?\))?(\s*\[\s*\])*$/;
const QUOTED_TYPE = /^"(?:[^"]|"")+"(\."(?:[^"]|"")+")?(\[\])*$/;

/** The type as SQL (trimmed), or throws a readable error. */
export function typeName(text: string, what = 'type'): string {
  const type = text.trim().replace(/\s+/g, ' ');
  if (type === '') throw new Error(`Please provide a ${what}`);
  if (!TYPE_SHAPE.test(type) && !QUOTED_TYPE.test(type)) throw new Error(`"${type}" is not a valid ${what}`);
  return type;
}

/** A name as an identifier, or throws a readable error for an empty one. */
export function name(text: string, what = 'name'): string {
  const value = text.trim();
  if (value === '') throw new Error(`Please provide a ${what}`);
  if (value.length > 63) throw new Error(`The ${what} is longer than Postgres's 63 characters`);
  return ident(value);
}

/** A dollar-quote tag that does not occur in the body, so the body cannot end the string early. */
export function dollarQuote(body: string, base = 'function'): string {
  let tag = base;
  for (let i = 1; body.includes(`$${tag}$`); i += 1) tag = `${base}${i}`;
  return `$${tag}$${body}$${tag}$`;
}
