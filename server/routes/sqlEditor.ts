// The SQL editor's snippets and query history (issue 7), under /api/platform/projects/{ref}/…. Both are the
// caller's own within the project: another member's snippet answers 404, like a project the caller cannot see.
// Writing a snippet is the caller's own work space, so read-only members may keep snippets too.
import { Hono } from 'hono';
import {
  createSnippetBody,
  historyListQuery,
  SNIPPET_ID_PATTERN,
  snippetListQuery,
  updateSnippetBody,
} from '../../src/api/schemas/sqlEditor.ts';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';

const SNIPPET_COLUMNS = 'id, name, sql, favorite, inserted_at, updated_at';

/** `%…%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function sqlEditorRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const snippetId = (raw: string | undefined): string => {
    if (!raw || !SNIPPET_ID_PATTERN.test(raw)) throw notFound('Snippet not found');
    return raw;
  };

  routes.get('/projects/:ref/snippets', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const query = readQuery(c, snippetListQuery);
    const { rows } = await pool.query(
      `select ${SNIPPET_COLUMNS} from sql_snippets
        where project_id = $1 and owner_id = $2
          and ($3::text is null or name ilike $3 or sql ilike $3)
          and ($4::boolean is null or favorite = $4)
        order by favorite desc, updated_at desc`,
      [project.id, c.var.user.sub, query.search ? containsPattern(query.search) : null, query.favorite ?? null],
    );
    return c.json(rows);
  });

  routes.get('/projects/:ref/snippets/:id', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await pool.query(
      `select ${SNIPPET_COLUMNS} from sql_snippets where id = $1 and project_id = $2 and owner_id = $3`,
      [snippetId(c.req.param('id')), project.id, c.var.user.sub],
    );
    if (!rows[0]) throw notFound('Snippet not found');
    return c.json(rows[0]);
  });

  routes.post('/projects/:ref/snippets', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const body = await readBody(c, createSnippetBody);
    const { rows } = await pool.query(
      `insert into sql_snippets (project_id, owner_id, name, sql, favorite) values ($1, $2, $3, $4, $5)
       returning ${SNIPPET_COLUMNS}`,
      [project.id, c.var.user.sub, body.name, body.sql, body.favorite],
    );
    return c.json(rows[0], 201);
  });

  routes.patch('/projects/:ref/snippets/:id', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const id = snippetId(c.req.param('id'));
    const body = await readBody(c, updateSnippetBody);
    const { rows } = await pool.query(
      `update sql_snippets
          set name = coalesce($4, name), sql = coalesce($5, sql), favorite = coalesce($6, favorite), updated_at = now()
        where id = $1 and project_id = $2 and owner_id = $3
       returning ${SNIPPET_COLUMNS}`,
      [id, project.id, c.var.user.sub, body.name ?? null, body.sql ?? null, body.favorite ?? null],
    );
    if (!rows[0]) throw notFound('Snippet not found');
    return c.json(rows[0]);
  });

  routes.delete('/projects/:ref/snippets/:id', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const { rowCount } = await pool.query('delete from sql_snippets where id = $1 and project_id = $2 and owner_id = $3', [
      snippetId(c.req.param('id')),
      project.id,
      c.var.user.sub,
    ]);
    if (!rowCount) throw notFound('Snippet not found');
    return c.json({});
  });

  routes.get('/projects/:ref/sql-history', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const query = readQuery(c, historyListQuery);
    const { rows } = await pool.query(
      `select id::int, query, started_at, duration_ms, row_count, status, error, count(*) over ()::int as total
         from sql_history
        where project_id = $1 and profile_id = $2 and ($3::text is null or query ilike $3)
        order by started_at desc, id desc limit $4 offset $5`,
      [project.id, c.var.user.sub, query.search ? containsPattern(query.search) : null, query.limit ?? 100, query.offset ?? 0],
    );
    // A page past the end has no rows to carry the total: count again (rare).
    const count = rows[0]?.total ?? (query.offset ? Number((await pool.query(
      `select count(*)::int as n from sql_history
        where project_id = $1 and profile_id = $2 and ($3::text is null or query ilike $3)`,
      [project.id, c.var.user.sub, query.search ? containsPattern(query.search) : null],
    )).rows[0].n) : 0);
    return c.json({ entries: rows.map(({ total: _total, ...entry }) => entry), count });
  });

  return routes;
}
