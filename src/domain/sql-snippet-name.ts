// A name proposed for a snippet from its query (issue 14: "snippet names proposed from the query"), offered when an
// untitled snippet is renamed. A leading `-- comment` is the author's own title; else the first statement's verb and
// the object it works on ("Select from orders", "Create table public.items"); else its first words.
import { splitStatements } from './sql-statements.ts';

const MAX_LENGTH = 60;

/** A name as Postgres wrote it: "Quoted Names" keep their text, schema-qualified ones keep the schema. */
const NAME = String.raw`((?:"(?:[^"]|"")+"|[\p{L}_][\p{L}\p{N}_$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[\p{L}_][\p{L}\p{N}_$]*))?)`;

const RULES: Array<[RegExp, (name: string, kind?: string) => string]> = [
  [new RegExp(String.raw`^with\b.*?\bselect\b.*?\bfrom\s+${NAME}`, 'isu'), (name) => `Select from ${name}`],
  [new RegExp(String.raw`^select\b.*?\bfrom\s+(?:only\s+)?${NAME}`, 'isu'), (name) => `Select from ${name}`],
  [new RegExp(String.raw`^insert\s+into\s+${NAME}`, 'iu'), (name) => `Insert into ${name}`],
  [new RegExp(String.raw`^update\s+(?:only\s+)?${NAME}`, 'iu'), (name) => `Update ${name}`],
  [new RegExp(String.raw`^delete\s+from\s+(?:only\s+)?${NAME}`, 'iu'), (name) => `Delete from ${name}`],
  [new RegExp(String.raw`^truncate\s+(?:table\s+)?${NAME}`, 'iu'), (name) => `Truncate ${name}`],
  [
    new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?(?:unique\s+|materialized\s+|temp(?:orary)?\s+|unlogged\s+)*(table|view|function|procedure|index|trigger|schema|type|policy|extension|sequence)\s+(?:if\s+not\s+exists\s+)?${NAME}`, 'iu'),
    (name, kind) => `Create ${kind!.toLowerCase()} ${name}`,
  ],
  [new RegExp(String.raw`^(alter|drop)\s+(table|view|function|index|schema|type|policy|extension|sequence)\s+(?:if\s+exists\s+)?${NAME}`, 'iu'), (name, kind) => `${kind!} ${name}`],
];

const unquote = (name: string) => name.replace(/\s*\.\s*/g, '.').replace(/"((?:[^"]|"")+)"/g, (_, inner: string) => inner.replace(/""/g, '"'));
const clip = (text: string) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1).trimEnd()}…` : text);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The proposed name, or null when the text has no statement and no title comment. */
export function proposeSnippetName(sql: string): string | null {
  const title = /^\s*--[ \t]*(\S[^\n]*)/.exec(sql);
  if (title) return clip(title[1]!.trim());
  const first = splitStatements(sql)[0];
  if (!first) return null;
  // Comments inside the statement say nothing about what it does.
  const text = first.text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\s+/g, ' ').trim();
  for (const [pattern, name] of RULES) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (match.length === 2) return clip(name(unquote(match[1]!)));
    if (match.length === 3) return clip(name(unquote(match[2]!), match[1]));
    return clip(name(unquote(match[3]!), `${capitalise(match[1]!.toLowerCase())} ${match[2]!.toLowerCase()}`));
  }
  return clip(capitalise(text));
}
