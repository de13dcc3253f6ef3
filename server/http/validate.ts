// Request validation with the shared zod schemas (src/api/schemas): bad input is a 400 with one clear sentence.
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

type RawIssue = {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: unknown[];
  format?: string;
  keys?: string[];
};

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** Phrases that read well after the field name ("limit must be at most 1000"). Schema messages take precedence. */
function phrase(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${article(issue.expected === 'int' ? 'integer' : (issue.expected ?? 'value'))}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`;
      if (issue.origin === 'array') return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      return issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters`;
      if (issue.origin === 'array') return `must have at most ${max} items`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'invalid_value':
      return `must be one of: ${(issue.values ?? []).map(String).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format ?? 'value'}`;
    case 'unrecognized_keys':
      return `has unknown field${(issue.keys?.length ?? 0) === 1 ? '' : 's'}: ${(issue.keys ?? []).join(', ')}`;
    default:
      return undefined;
  }
}

export function describeIssues(error: z.ZodError, what: string): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${what}`;
  const path = issue.path.map(String).join('.');
  if (!path) return issue.code === 'invalid_type' ? `${capitalise(what)} must be a JSON object` : `${capitalise(what)} ${issue.message}`;
  return `${path} ${issue.message}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value, { error: (issue) => phrase(issue as RawIssue) });
  if (!result.success) throw badRequest(describeIssues(result.error, what));
  return result.data;
}

/** Parses the JSON body; a missing or malformed body is a 400, never a 500. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = undefined;
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('Request body must be valid JSON');
    }
  }
  return parseWith(schema, value, 'request body');
}

/** Parses the query string (first value of each key, spec A2.1). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query(), 'query');
}
