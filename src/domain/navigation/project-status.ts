// Project status values (spec A4.1, A4.5).

/** Every project status the console knows. spec A4.1 */
export const PROJECT_STATUSES = [
  'ACTIVE_HEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'INACTIVE',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'RESTORING',
  'RESTORE_FAILED',
  'GOING_DOWN',
  'PAUSING',
  'PAUSE_FAILED',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** A status as the rules accept it: a known value, or any string the API may add later. */
export type StatusInput = ProjectStatus | (string & {}) | null | undefined;
