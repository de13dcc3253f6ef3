// Request schemas of the platform's flag service and telemetry collector (spec A7 'Flags and telemetry'; issue 21),
// shared by server/ and the console.
import { z } from 'zod';
import { FLAG_KEY_PATTERN } from '../../domain/flags-admin.ts';
import { TELEMETRY_MAX_PENDING } from '../../domain/signals.ts';

/** One stored payload at most this long as JSON (a page view is well under 1 KB). */
export const TELEMETRY_PAYLOAD_MAX_CHARS = 8 * 1024;
/** A whole telemetry request at most this large. */
export const TELEMETRY_BODY_MAX_BYTES = 256 * 1024;

export { FLAG_KEY_PATTERN } from '../../domain/flags-admin.ts';
export const flagValue = z.union([z.boolean(), z.string().max(1000), z.number().finite(), z.null()]);

/** Nesting deeper than this is refused (a page view is two levels deep). */
const MAX_DEPTH = 8;
function depthOf(value: unknown, limit: number): number {
  if (limit < 0 || value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const inner of Object.values(value)) deepest = Math.max(deepest, depthOf(inner, limit - 1));
  return deepest + 1;
}

const payload = z
  .record(z.string().max(200), z.unknown())
  .refine((value) => depthOf(value, MAX_DEPTH + 1) <= MAX_DEPTH, { message: `must be nested at most ${MAX_DEPTH} levels deep`, abort: true })
  .refine((value) => JSON.stringify(value).length <= TELEMETRY_PAYLOAD_MAX_CHARS, { message: `must be at most ${TELEMETRY_PAYLOAD_MAX_CHARS} characters as JSON` });

export const telemetryItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), payload }),
  z.object({ kind: z.literal('page_leave'), payload }),
  z.object({ kind: z.literal('event'), payload }),
  z.object({ kind: z.literal('identify'), payload: z.object({ user_id: z.string().min(1).max(200) }) }),
  z.object({ kind: z.literal('groups'), payload: z.object({ organization: z.string().max(200).optional(), project: z.string().max(200).optional() }) }),
]);
export type TelemetryItemBody = z.infer<typeof telemetryItem>;

export const telemetryCollectBody = z.object({ items: z.array(telemetryItem).min(1).max(TELEMETRY_MAX_PENDING) });
export const telemetryIdentifyBody = z.object({ user_id: z.string().min(1).max(200) });
export const telemetryEventBody = payload;
export const flagTrackBody = z.object({ feature_flag_name: z.string().regex(FLAG_KEY_PATTERN, 'must be a flag name'), feature_flag_value: flagValue });
export const clientErrorBody = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(TELEMETRY_PAYLOAD_MAX_CHARS).optional(),
  url: z.string().max(2000).optional(),
});
export const flagWriteBody = z.object({ value: flagValue });
export const telemetryEventsQuery = z.object({
  kind: z.enum(['page', 'page_leave', 'identify', 'groups', 'event', 'flag_track', 'client_error']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  profile_id: z.string().uuid('must be a user id').optional(),
});
