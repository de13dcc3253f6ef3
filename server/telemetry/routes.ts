// The platform's flag service and telemetry collector (spec A4.12, A4.13, A7 'Flags and telemetry'; issue 21), under
// /api/platform (a session is required, as for every platform route). What the console sends is scrubbed of tokens,
// keys, e-mail addresses and passwords before it is stored; each user reads only their own events, platform admins
// (STRATA_PLATFORM_ADMINS) anyone's, and only admins change flags.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  clientErrorBody,
  FLAG_KEY_PATTERN,
  flagTrackBody,
  flagWriteBody,
  TELEMETRY_BODY_MAX_BYTES,
  telemetryCollectBody,
  telemetryEventBody,
  telemetryEventsQuery,
  telemetryIdentifyBody,
} from '../../src/api/schemas/telemetry.ts';
import { scrubSecrets, servedRemoteFlags, type FlagValue, type RemoteFlagItem } from '../../src/domain/signals.ts';
import type pg from 'pg';
import type { AppEnv } from '../http/env.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import { ensureProfile } from '../routes/profile.ts';
import { isPlatformAdmin } from './admins.ts';

type Kind = 'page' | 'page_leave' | 'identify' | 'groups' | 'event' | 'flag_track' | 'client_error';
type Source = 'remote' | 'analytics';

function flagSource(value: string): Source {
  if (value === 'remote' || value === 'analytics') return value;
  throw badRequest("flag source must be 'remote' or 'analytics'");
}
function flagKeyParam(value: string): string {
  if (!FLAG_KEY_PATTERN.test(value)) throw badRequest('flag key must be 1-100 letters, digits or _ : . -');
  return value;
}

export function telemetryRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Oversized requests are the sender's mistake: a clear 400, never read whole.
  routes.use(
    '/telemetry/*',
    bodyLimit({ maxSize: TELEMETRY_BODY_MAX_BYTES, onError: (c) => c.json({ message: `Telemetry request body must be at most ${TELEMETRY_BODY_MAX_BYTES / 1024} KB` }, 400) }),
  );

  async function store(c: { var: AppEnv['Variables'] }, rows: { kind: Kind; payload: unknown }[]) {
    const { pool } = c.var.services;
    await ensureProfile(pool, c.var.user);
    await pool.query(
      `insert into telemetry_events (profile_id, kind, payload)
       select $1, item->>'kind', item->'payload' from jsonb_array_elements($2::jsonb) as item`,
      [c.var.user.sub, JSON.stringify(rows.map((row) => ({ kind: row.kind, payload: scrubSecrets(row.payload) })))],
    );
  }

  // ---- flags (spec A4.12) ----
  const readFlags = async (c: { var: AppEnv['Variables'] }, source: Source) => {
    const { rows } = await c.var.services.pool.query<{ key: string; value: unknown }>(
      'select key, value from platform_flags where source = $1 order by key',
      [source],
    );
    return rows;
  };
  // The remote flag list (spec A3: settingKey, settingValue): the platform's defaults, overlaid by what admins stored.
  routes.get('/telemetry/remote-flags', async (c) => c.json(await readRemoteFlags(c.var.services.pool)));
  // spec A7: GET {API_URL}/telemetry/feature-flags — object of flag key to value (the analytics flags).
  routes.get('/telemetry/feature-flags', async (c) =>
    c.json(Object.fromEntries((await readFlags(c, 'analytics')).map((row) => [row.key, row.value]))),
  );
  routes.get('/telemetry/admin', async (c) => c.json({ admin: await isPlatformAdmin(c.var.services.pool, c.var.user.sub) }));
  routes.put('/telemetry/flags/:source/:key', async (c) => {
    // Who asks first: a non-admin learns nothing about which sources or keys are valid.
    const { pool } = c.var.services;
    if (!(await isPlatformAdmin(pool, c.var.user.sub))) throw forbidden('Only platform admins can change flags');
    const source = flagSource(c.req.param('source'));
    const key = flagKeyParam(c.req.param('key'));
    const { value } = await readBody(c, flagWriteBody);
    await ensureProfile(pool, c.var.user);
    await pool.query(
      `insert into platform_flags (source, key, value, updated_by) values ($1, $2, $3::jsonb, $4)
       on conflict (source, key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
      [source, key, JSON.stringify(value), c.var.user.sub],
    );
    return c.json({ settingKey: key, settingValue: value });
  });
  routes.delete('/telemetry/flags/:source/:key', async (c) => {
    // Who asks first: a non-admin learns nothing about which sources or keys are valid.
    const { pool } = c.var.services;
    if (!(await isPlatformAdmin(pool, c.var.user.sub))) throw forbidden('Only platform admins can change flags');
    const source = flagSource(c.req.param('source'));
    const key = flagKeyParam(c.req.param('key'));
    await pool.query('delete from platform_flags where source = $1 and key = $2', [source, key]);
    return c.body(null, 204);
  });
  // spec A7: POST /platform/telemetry/feature-flags/track.
  routes.post('/telemetry/feature-flags/track', async (c) => {
    const body = await readBody(c, flagTrackBody);
    await store(c, [{ kind: 'flag_track', payload: body }]);
    return c.json({}, 201);
  });

  // ---- the collector (spec A4.13) ----
  routes.post('/telemetry/collect', async (c) => {
    const { items } = await readBody(c, telemetryCollectBody);
    await store(c, items);
    return c.json({ stored: items.length }, 201);
  });
  routes.post('/telemetry/identify', async (c) => {
    const body = await readBody(c, telemetryIdentifyBody);
    await store(c, [{ kind: 'identify', payload: body }]);
    return c.json({}, 201);
  });
  routes.post('/telemetry/event', async (c) => {
    const body = await readBody(c, telemetryEventBody);
    await store(c, [{ kind: 'event', payload: body }]);
    return c.json({}, 201);
  });
  // Client errors (spec A8 error reporting), scrubbed like the rest.
  routes.post('/telemetry/errors', async (c) => {
    const body = await readBody(c, clientErrorBody);
    await store(c, [{ kind: 'client_error', payload: body }]);
    return c.json({}, 201);
  });
  // What was stored: the caller's own; another user's only for platform admins.
  routes.get('/telemetry/events', async (c) => {
    const query = readQuery(c, telemetryEventsQuery);
    const { pool } = c.var.services;
    const profileId = query.profile_id ?? c.var.user.sub;
    if (profileId !== c.var.user.sub && !(await isPlatformAdmin(pool, c.var.user.sub))) {
      throw forbidden("Only platform admins can read another user's telemetry");
    }
    const { rows } = await pool.query(
      `select id::text, kind, payload, created_at from telemetry_events
        where profile_id = $1 and ($2::text is null or kind = $2) order by id desc limit $3`,
      [profileId, query.kind ?? null, query.limit],
    );
    return c.json(rows);
  });

  return routes;
}

/**
 * The remote flag list the platform serves (spec A3: settingKey, settingValue): its defaults, overlaid by what admins
 * stored. The same for every user (the local flag service has no targeting), so the console's pages carry it too
 * (server/http/console.ts) and the first render already shows what the flags provider loads later.
 */
export async function readRemoteFlags(pool: Pick<pg.Pool, 'query'>): Promise<RemoteFlagItem[]> {
  const { rows } = await pool.query<{ key: string; value: unknown }>(`select key, value from platform_flags where source = 'remote' order by key`);
  return servedRemoteFlags(rows.map((row) => ({ settingKey: row.key, settingValue: row.value as FlagValue })));
}
