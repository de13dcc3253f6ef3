// The header's Connect button (spec A2.10): its words alone, so the shell's chunk carries these two strings and not
// the dialog's ~40 (src/domain/connect/constants.ts takes them from here).
export const CONNECT_BUTTON = {
  label: 'Connect',
  disabledTooltip: 'Project is currently not active and cannot be connected',
} as const;
