// The OpenAPI (2.0) document at the Data API's root (issue 17: "describes what is really served"): the tables and
// views of the requested schema with their columns, and its functions under /rpc, from the same catalog the
// requests are answered from — like PostgREST's root.
import type { Column, SchemaCache } from './schema.ts';

function property(column: Column): Record<string, unknown> {
  const type = column.type;
  const base: Record<string, unknown> = { format: type };
  if (column.description) base.description = column.description;
  if (column.category === 'array') return { ...base, type: 'array', items: { type: 'string' } };
  if (/^(smallint|integer|bigint)$/.test(type)) return { ...base, type: 'integer' };
  if (/^(real|double precision|numeric)/.test(type)) return { ...base, type: 'number' };
  if (type === 'boolean') return { ...base, type: 'boolean' };
  if (column.category === 'json') return base;
  return { ...base, type: 'string' };
}

export function openApiDocument(cache: SchemaCache, schema: string, publicHost: string, ref: string): Record<string, unknown> {
  const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (this document)', tags: ['Introspection'] } } };
  const definitions: Record<string, unknown> = {};
  const relations = [...cache.relations.values()].filter((r) => r.schema === schema).sort((a, b) => a.name.localeCompare(b.name));
  for (const relation of relations) {
    const summary = relation.description ?? undefined;
    const ops: Record<string, unknown> = { get: { tags: [relation.name], summary, responses: { 200: { description: 'OK' }, 206: { description: 'Partial Content' } } } };
    if (relation.kind === 'table') {
      ops.post = { tags: [relation.name], summary, responses: { 201: { description: 'Created' } } };
      ops.patch = { tags: [relation.name], summary, responses: { 204: { description: 'No Content' } } };
      ops.delete = { tags: [relation.name], summary, responses: { 204: { description: 'No Content' } } };
    }
    paths[`/${relation.name}`] = ops;
    definitions[relation.name] = {
      type: 'object',
      ...(relation.description ? { description: relation.description } : {}),
      required: relation.columns.filter((c) => !c.nullable && !c.hasDefault).map((c) => c.name),
      properties: Object.fromEntries(relation.columns.map((c) => [c.name, property(c)])),
    };
  }
  const functions = [...cache.functions.values()].flat().filter((f) => f.schema === schema).sort((a, b) => a.name.localeCompare(b.name));
  for (const fn of functions) {
    const args = {
      in: 'body',
      name: 'args',
      required: true,
      schema: {
        type: 'object',
        required: fn.args.filter((a) => !a.hasDefault).map((a) => a.name),
        properties: Object.fromEntries(fn.args.map((a) => [a.name, { format: a.type, type: 'string' }])),
      },
    };
    const op = { tags: ['(rpc) ' + fn.name], summary: fn.description ?? undefined, produces: ['application/json'] };
    paths[`/rpc/${fn.name}`] = {
      post: { ...op, parameters: [args], responses: { 200: { description: 'OK' } } },
      get: {
        ...op,
        parameters: fn.args.map((a) => ({ in: 'query', name: a.name, required: !a.hasDefault, type: 'string', format: a.type })),
        responses: { 200: { description: 'OK' } },
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'Strata project REST API', description: `The Data API of the schema ${schema}`, version: '1' },
    host: publicHost,
    basePath: `/p/${ref}/rest/v1`,
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json'],
    produces: ['application/json', 'application/vnd.pgrst.object+json'],
    paths,
    definitions,
  };
}
