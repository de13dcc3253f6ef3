// The resource exhaustion banner's wording and targets (spec A2.12, wording kept): which banner a project page shows.
// Apart from the thresholds and levels (./resource-warnings.ts, shared with the platform) so that the shell, which
// only reads the warnings, does not carry the banner's text into every first load; the banner's chunk holds it.
import { WARNING_FIELDS, type ResourceWarnings, type WarningField, type WarningLevel } from './resource-warnings.ts';

/** spec A3: the metric name of each warning field. */
export const WARNING_METRICS: Readonly<Record<WarningField | 'multiple_resource_warnings', string>> = {
  is_readonly_mode_enabled: 'read_only',
  disk_io_exhaustion: 'disk_io',
  disk_space_exhaustion: 'disk_space',
  cpu_exhaustion: 'cpu',
  memory_and_swap_exhaustion: 'ram',
  auth_rate_limit_exhaustion: 'auth_email_rate_limit',
  connections_exhaustion: 'connections',
  multiple_resource_warnings: 'multiple_resource_warnings',
};

interface Wording {
  title: string;
  description: string;
  learnMore: string;
  button?: string;
  /** Project sub-routes (after /project/{ref}) the warning is limited to (spec A2.12 restrictToRoutes). */
  restrictToRoutes?: string[];
}

// spec A2.12, wording kept.
const WORDING: Readonly<Record<WarningField | 'multiple_resource_warnings', Record<WarningLevel, Wording>>> = {
  is_readonly_mode_enabled: {
    warning: {
      title: 'Your project is currently in read-only mode and is no longer accepting write requests',
      description: 'You will need to manually override read-only mode and reduce the disk size to below 95%',
      learnMore: '/docs/guides/platform/database-size#disabling-read-only-mode',
    },
    critical: {
      title: 'Your project is currently in read-only mode and is no longer accepting write requests',
      description: 'You will need to manually override read-only mode and reduce the disk size to below 95%',
      learnMore: '/docs/guides/platform/database-size#disabling-read-only-mode',
    },
  },
  disk_io_exhaustion: {
    warning: {
      title: 'Your project is depleting its Disk IO Budget',
      description: 'It may become unresponsive if it runs out of Disk IO Budget.',
      learnMore: '/docs/guides/platform/exhaust-disk-io',
    },
    critical: {
      title: 'Your project has depleted its Disk IO Budget',
      description: 'It may become unresponsive. Reduce the Disk IO your project uses or upgrade its compute.',
      learnMore: '/docs/guides/platform/exhaust-disk-io',
    },
  },
  disk_space_exhaustion: {
    warning: {
      title: 'Your project is running out of disk space',
      description: 'It may become read-only if it runs out of disk space. The disk can be increased up to 200GB on the Database Settings page.',
      learnMore: '/docs/guides/platform/database-size',
    },
    critical: {
      title: 'Your project has run out of disk space',
      description: 'It may be in read-only mode. The disk can be increased up to 200GB on the Database Settings page.',
      learnMore: '/docs/guides/platform/database-size',
    },
  },
  cpu_exhaustion: {
    warning: {
      title: "Your project's CPU usage is high",
      description: 'Your project may become unresponsive if its CPU stays this high.',
      learnMore: '/docs/guides/platform/exhaust-cpu',
    },
    critical: {
      title: "Your project's CPU usage is at 100%",
      description: 'Your project may become unresponsive.',
      learnMore: '/docs/guides/platform/exhaust-cpu',
    },
  },
  memory_and_swap_exhaustion: {
    warning: {
      title: "Your project's memory usage is high",
      description: 'Your project may become unresponsive if its memory stays this high.',
      learnMore: '/docs/guides/platform/exhaust-ram',
    },
    critical: {
      title: "Your project's memory usage is at 100%",
      description: 'Your project may become unresponsive.',
      learnMore: '/docs/guides/platform/exhaust-ram',
    },
  },
  auth_rate_limit_exhaustion: {
    warning: {
      title: 'Your project has exceeded email rate limits in the past 24 hours',
      description: 'Set up a custom SMTP provider to send more emails.',
      learnMore: '/docs/guides/auth/rate-limits',
      button: 'Enable Custom SMTP',
      restrictToRoutes: ['/auth'],
    },
    critical: {
      title: 'Your project has exceeded email rate limits in the past 24 hours',
      description: 'Set up a custom SMTP provider to send more emails.',
      learnMore: '/docs/guides/auth/rate-limits',
      button: 'Enable Custom SMTP',
      restrictToRoutes: ['/auth'],
    },
  },
  connections_exhaustion: {
    warning: {
      title: 'Your project is running out of database connections',
      description: "New connections may be refused once the compute size's connection limit is reached.",
      learnMore: '/docs/guides/database/connecting-to-postgres',
    },
    critical: {
      title: 'Your project has reached its database connection limit',
      description: "New connections are refused at the compute size's connection limit. Close idle connections or upgrade the compute size.",
      learnMore: '/docs/guides/database/connecting-to-postgres',
    },
  },
  multiple_resource_warnings: {
    warning: {
      title: 'Your project is exhausting multiple resources',
      description: 'It may become unresponsive.',
      learnMore: '/docs/guides/platform/compute-and-disk',
      button: 'Check usage',
    },
    critical: {
      title: 'Your project has exhausted multiple resources',
      description: 'It may become unresponsive.',
      learnMore: '/docs/guides/platform/compute-and-disk',
      button: 'Check usage',
    },
  },
};

/** The banner one project page shows. */
export interface ResourceBanner {
  metric: string;
  level: WarningLevel;
  title: string;
  description: string;
  learnMore: string;
  button: string;
  /** A console path. */
  href: string;
}

/** spec A2.12 button targets. */
export function warningButtonHref(ref: string, metric: string): string {
  if (metric === 'disk_space' || metric === 'read_only') return `/project/${ref}/settings/compute-and-disk`;
  if (metric === 'auth_email_rate_limit') return `/project/${ref}/auth/rate-limits`;
  if (metric === 'auth_restricted_email_sending') return `/project/${ref}/auth/smtp`;
  return `/project/${ref}/settings/infrastructure#${metric}`;
}

const isOn = (path: string, segment: string) => path === segment || path.endsWith(segment) || path.includes(`${segment}/`);

/**
 * spec A2.12: the banner of a project page, or null. The combined warning comes first when there is one, else the
 * first warning by the order of WARNING_FIELDS. Hidden on /usage and /infrastructure unless read-only; hidden on
 * compute-and-disk when read-only; a warning with restrictToRoutes only on those.
 */
export function resourceBanner(warnings: ResourceWarnings | null | undefined, pathname: string): ResourceBanner | null {
  if (!warnings) return null;
  const ref = warnings.project;
  const fields = ['multiple_resource_warnings', ...WARNING_FIELDS] as const;
  const field = fields.find((f) => warnings[f] !== null && warnings[f] !== undefined);
  if (!field) return null;
  const level = warnings[field]!;
  const metric = WARNING_METRICS[field];
  const readOnly = field === 'is_readonly_mode_enabled';
  const path = pathname.replace(/\/+$/, '');
  if (!readOnly && (isOn(path, '/usage') || isOn(path, '/infrastructure'))) return null;
  if (readOnly && isOn(path, '/compute-and-disk')) return null;
  const wording = WORDING[field][level];
  const projectBase = `/project/${ref}`;
  if (wording.restrictToRoutes && !wording.restrictToRoutes.some((route) => isOn(path, `${projectBase}${route}`))) return null;
  return {
    metric,
    level,
    title: wording.title,
    description: wording.description,
    learnMore: wording.learnMore,
    button: wording.button ?? 'Check',
    href: warningButtonHref(ref, metric),
  };
}
