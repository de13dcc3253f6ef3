import type { SVGProps } from 'react';

// The project's own small stroke icon set (24×24 grid, drawn for Strata), so the design system needs no icon
// package. Each entry is one path; decorative only (aria-hidden) — the surrounding control carries the name.
const PATHS = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  editor: 'M3 5h18v14H3zM3 10h18M3 15h18M9 5v14',
  sql: 'M5 4h14v16H5zM8 9l3 3-3 3M13 15h3',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  auth: 'M12 3l7 3v6c0 4.4-3 7.7-7 9-4-1.3-7-4.6-7-9V6zM9 12l2 2 4-4',
  storage: 'M3 7l2-3h14l2 3v12H3zM3 7h18M10 11h4',
  functions: 'M13 3L5 14h6l-1 7 8-11h-6z',
  realtime: 'M3 12h4l3-7 4 14 3-7h4',
  advisors: 'M12 3a6 6 0 0 1 4 10.5V16H8v-2.5A6 6 0 0 1 12 3zM9 20h6',
  reports: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  logs: 'M5 4h10l4 4v12H5zM8 11h8M8 15h8M8 7h4',
  api: 'M8 6l-5 6 5 6M16 6l5 6-5 6M14 4l-4 16',
  integrations: 'M9 3v6M15 3v6M6 9h12v3a6 6 0 0 1-12 0zM12 18v3',
  settings: 'M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  projects: 'M3 4h7v7H3zM14 4h7v7h-7zM3 15h7v6H3zM14 15h7v6h-7z',
  team: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6s7 2 7 6M17 11a3 3 0 1 0 0-6M22 21c0-3-2-5-5-5.5',
  usage: 'M3 12a9 9 0 1 1 18 0M12 12l5-4M7 17h10',
  billing: 'M2 6h20v12H2zM2 10h20M6 15h4',
  sparkles: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  menu: 'M3 6h18M3 12h18M3 18h18',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  chevronDown: 'M6 9l6 6 6-6',
  chevronsUpDown: 'M7 9l5-5 5 5M7 15l5 5 5-5',
  sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M20 14A8 8 0 1 1 10 4a6.5 6.5 0 0 0 10 10z',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  branch: 'M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9',
  back: 'M15 18l-6-6 6-6',
  sidebar: 'M3 4h18v16H3zM9 4v16',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.5-6 8-6s8 2 8 6',
  check: 'M5 12l5 5 9-10',
  plus: 'M12 5v14M5 12h14',
  close: 'M6 6l12 12M18 6L6 18',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  success: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12l3 3 5-6',
  error: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v6M12 16h.01',
  warning: 'M12 3l10 18H2zM12 10v5M12 18h.01',
  externalLink: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  bell: 'M6 16V10a6 6 0 0 1 12 0v6l2 2H4zM10 21h4',
} as const;

export type IconName = keyof typeof PATHS;
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ name, size = 16, strokeWidth = 1.7, ...props }: IconProps & { name: IconName }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

const named = (name: IconName) => (props: IconProps) => <Icon {...props} name={name} />;
export const CloseIcon = named('close');
export const CheckIcon = named('check');
export const ChevronDownIcon = named('chevronDown');
export const CopyIcon = named('copy');
export const InfoIcon = named('info');
export const SuccessIcon = named('success');
export const ErrorIcon = named('error');
export const WarningIcon = named('warning');
export const PlusIcon = named('plus');
export const ChevronsUpDownIcon = named('chevronsUpDown');
export const MenuIcon = named('menu');
export const HelpIcon = named('help');
export const UserIcon = named('user');
export const BranchIcon = named('branch');
export const SearchIcon = named('search');
export const ExternalLinkIcon = named('externalLink');
export const BellIcon = named('bell');
export const SettingsIcon = named('settings');
