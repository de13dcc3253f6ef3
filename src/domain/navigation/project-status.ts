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

/** Badge look of a project status in the list. */
export function statusBadgeVariant(status: StatusInput): 'brand' | 'warning' | 'destructive' | 'default' {
  if (status === 'ACTIVE_HEALTHY') return 'brand';
  if (status === 'INACTIVE') return 'default';
  if (typeof status === 'string' && status.endsWith('FAILED')) return 'destructive';
  return 'warning';
}

/** Human label of a status ('ACTIVE_HEALTHY' → 'Active'). */
export function statusLabel(status: StatusInput): string {
  switch (status) {
    case 'ACTIVE_HEALTHY':
      return 'Active';
    case 'INACTIVE':
      return 'Paused';
    case 'COMING_UP':
      return 'Coming up';
    default:
      return typeof status === 'string' && status ? status.toLowerCase().replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : 'Unknown';
  }
}
