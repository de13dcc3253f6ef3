// A result row as JSON text straight from the values' text (the query endpoint, server/pgmeta/query.ts), without
// building the row object and serialising it again: for a 100,000-row select of five columns (one jsonb) that object
// path (pg's parseRow, then JSON.stringify) was about half of the platform's time (CPU profile, issue 25's kept wins).
// It writes what the object path writes, value by value, where that can be done without the object:
//   - a type the pools keep as text (their parser is `asText`): the text as a JSON string;
//   - int2, int4, oid with pg's own parser: Postgres's text is the number JSON.stringify would write;
//   - json and jsonb with pg's own parser (JSON.parse): Postgres's text, which is valid JSON, as it is (the object
//     path re-serialised it: the same value to anyone who parses the row, whitespace aside). A value nested deeper
//     than RAW_JSON_DEPTH goes through the object path's own steps, so what fails there (too deep to serialise)
//     fails the same way;
//   - any other type (bool, floats, arrays, a pool with pg's default parsers): its parser, then JSON.stringify.
// Rows whose columns repeat a name keep the object path: an object keeps one key, at its first place, with the last
// value.
import pg from 'pg';
import { asText } from '../projects/pools.ts';

/** json, jsonb: their text is written as it is. */
const RAW_JSON_TYPES = new Set([114, 3802]);
/** int2, int4, oid: their text is the JSON number. */
const INTEGER_TYPES = new Set([21, 23, 26]);
/** Deeper json values take the object path (its JSON.stringify decides whether they can be sent). */
export const RAW_JSON_DEPTH = 128;

type Parser = (text: string) => unknown;
const enum Kind {
  Text,
  RawJson,
  Integer,
  Parsed,
}

/** The parts of pg's Result the writer reads (filled by its addFields on each RowDescription). */
export interface RowResult {
  fields: Array<{ name: string; dataTypeID: number; format?: string }>;
  _parsers?: Parser[];
}

/** Whether `text` (valid JSON) nests arrays and objects more than `limit` deep. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

export class RowWriter {
  private constructor(
    private readonly keys: string[],
    private readonly kinds: Kind[],
    private readonly parsers: Parser[],
  ) {}

  /** The writer for a statement's rows, or null when they must take the object path (a repeated name, binary values). */
  static of(result: RowResult): RowWriter | null {
    const { fields, _parsers: parsers } = result;
    if (!parsers || parsers.length !== fields.length) return null;
    const names = new Set<string>();
    const keys: string[] = [];
    const kinds: Kind[] = [];
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      if (names.has(field.name) || (field.format && field.format !== 'text')) return null;
      names.add(field.name);
      keys.push(`${i === 0 ? '{' : ','}${JSON.stringify(field.name)}:`);
      const parser = parsers[i]!;
      const own = pg.types.getTypeParser(field.dataTypeID, 'text') as Parser;
      if (parser === asText) kinds.push(Kind.Text);
      else if (RAW_JSON_TYPES.has(field.dataTypeID) && parser === own) kinds.push(Kind.RawJson);
      else if (INTEGER_TYPES.has(field.dataTypeID) && parser === own) kinds.push(Kind.Integer);
      else kinds.push(Kind.Parsed);
    }
    return new RowWriter(keys, kinds, parsers);
  }

  /** The row as JSON; throws what the object path's parser or JSON.stringify would. */
  write(values: ReadonlyArray<string | null>): string {
    if (values.length === 0) return '{}';
    let json = '';
    for (let i = 0; i < values.length; i++) {
      const text = values[i];
      json += this.keys[i]!;
      if (text === null || text === undefined) {
        json += 'null';
        continue;
      }
      switch (this.kinds[i]) {
        case Kind.Text:
          json += JSON.stringify(text);
          break;
        case Kind.Integer:
          json += text;
          break;
        case Kind.RawJson:
          json += jsonDeeperThan(text, RAW_JSON_DEPTH) ? (JSON.stringify(this.parsers[i]!(text)) ?? 'null') : text;
          break;
        default:
          json += JSON.stringify(this.parsers[i]!(text)) ?? 'null';
      }
    }
    return `${json}}`;
  }
}
