// The telemetry queue's bound on its own (spec C§9 / A4.13), so the first load can hold custom events without
// taking the rest of the signals rules (src/domain/signals.ts re-exports it) into its chunk.

/** spec C§9 / A4.13: at most 20 pending telemetry events, the oldest dropped. */
export const TELEMETRY_MAX_PENDING = 20;
