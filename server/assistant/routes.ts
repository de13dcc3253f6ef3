// The AI assistant's proxy (issue 21, spec A2.3): GET /api/platform/assistant/status and
// POST /api/platform/assistant/chat. The platform calls the OpenAI-compatible endpoint the operator configured
// (STRATA_ASSISTANT_URL, STRATA_ASSISTANT_MODEL, STRATA_ASSISTANT_API_KEY: read at each request), so the key never
// reaches the browser. With a project ref the caller is a member of, the assistant is given the project's schema
// (tables and columns of its non-system schemas, read through the console's pool) and can answer about it.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError, unavailable } from '../http/errors.ts';
import { projectAccess } from '../http/access.ts';
import { readBody } from '../http/validate.ts';
import {
  ASSISTANT_CHAT_NAME,
  ASSISTANT_ENV,
  ASSISTANT_MAX_MESSAGE_CHARS,
  ASSISTANT_MAX_MESSAGES,
  ASSISTANT_NOT_CONFIGURED,
  type AssistantStatus,
} from '../../src/domain/assistant.ts';
import type { ProjectPools } from '../projects/pools.ts';

const UPSTREAM_TIMEOUT_MS = 60_000;
const MAX_SCHEMA_COLUMNS = 400;

export interface AssistantConfig {
  url: string;
  model: string;
  key: string | null;
}

export function assistantConfig(env: NodeJS.ProcessEnv = process.env): AssistantConfig | null {
  const url = env[ASSISTANT_ENV.url]?.trim();
  const model = env[ASSISTANT_ENV.model]?.trim();
  if (!url || !model || !/^https?:\/\//.test(url)) return null;
  return { url: url.replace(/\/+$/, ''), model, key: env[ASSISTANT_ENV.key]?.trim() || null };
}

const chatBody = z.object({
  ref: z.string().optional(),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1).max(ASSISTANT_MAX_MESSAGE_CHARS) }))
    .min(1)
    .max(ASSISTANT_MAX_MESSAGES),
});

/** The project's tables and columns as lines 'schema.table(column type, …)'. */
export async function schemaSummary(pools: ProjectPools, ref: string): Promise<string> {
  const pool = await pools.console(ref);
  const { rows } = await pool.query<{ schema: string; table: string; columns: string }>(
    `select table_schema as schema, table_name as table,
            string_agg(column_name || ' ' || data_type, ', ' order by ordinal_position) as columns
       from (select * from information_schema.columns
              where table_schema not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'strata', 'pg_toast')
                and table_schema not like 'pg_temp%'
              order by table_schema, table_name, ordinal_position limit $1) c
      group by 1, 2 order by 1, 2`,
    [MAX_SCHEMA_COLUMNS],
  );
  return rows.length === 0 ? '(no tables yet)' : rows.map((r) => `${r.schema}.${r.table}(${r.columns})`).join('\n');
}

export function assistantRoutes(env: NodeJS.ProcessEnv = process.env): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/assistant/status', (c) => {
    const config = assistantConfig(env);
    const status: AssistantStatus = { configured: config !== null, model: config?.model ?? null };
    return c.json(status);
  });

  routes.post('/assistant/chat', async (c) => {
    const body = await readBody(c, chatBody);
    const config = assistantConfig(env);
    if (!config) throw unavailable(ASSISTANT_NOT_CONFIGURED);
    let system = `You are the ${ASSISTANT_CHAT_NAME} assistant of Strata, a console for Postgres projects (tables, SQL, auth, storage). Answer briefly; give SQL in fenced code blocks.`;
    if (body.ref) {
      const project = await projectAccess(c.var.services.pool, body.ref, c.var.user.sub);
      const schema = project.status === 'ACTIVE_HEALTHY' ? await schemaSummary(c.var.services.pools, project.ref).catch(() => '(the schema could not be read)') : '(the project is not running)';
      system += `\n\nThe user's project "${project.name}" (ref ${project.ref}) has this schema:\n${schema}`;
    }
    let upstream: Response;
    try {
      upstream = await fetch(`${config.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
        body: JSON.stringify({ model: config.model, messages: [{ role: 'system', content: system }, ...body.messages], stream: false }),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      throw new HttpError(502, `The assistant's endpoint ${reason}`);
    }
    if (!upstream.ok) throw new HttpError(502, `The assistant's endpoint answered ${upstream.status}`);
    const answer = (await upstream.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new HttpError(502, "The assistant's endpoint gave no answer");
    return c.json({ message: { role: 'assistant', content } });
  });

  return routes;
}
