import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { projectSidebarGroups, organizationSidebar } from '../../domain/navigation/project-sidebar.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { useSelector } from '@xstate/react';
import { selectAssuranceLevel } from '../../../machines/session.selectors.ts';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import { useSidebarState } from './useSidebarState.ts';
import { SidebarBehaviourMenu } from './SidebarBehaviourMenu.tsx';
import type { ShellData } from '../shared/useShellData.ts';
import { useAdvisorLints } from '../shared/useAdvisorLints.ts';
import type { AdvisorLint } from '../../domain/navigation/project-sidebar.ts';
import * as css from './Sidebar.css.ts';

const ORG_ICONS: Record<string, IconName> = {
  projects: 'projects',
  team: 'team',
  integrations: 'integrations',
  usage: 'usage',
  billing: 'billing',
  settings: 'settings',
};

interface SidebarLink {
  key: string;
  label: string;
  href: string;
  icon: IconName;
  dot?: 'red' | 'amber' | null;
  disabled?: boolean;
  /** API Docs behind its flag: opens the side panel over the current page (spec A2.2, B2.5). */
  opensSidePanel?: boolean;
}

/** The project or organization sidebar (spec A2.4); its behaviour preference lives in the sidebar actor. */
export function Sidebar({ data, inSheet = false }: { data: ShellData; inSheet?: boolean }) {
  const { session } = useAppContext();
  const flags = useFeatureFlags();
  const { open, pinned, onPointerEnter, onPointerLeave } = useSidebarState();
  const aal = useSelector(session, selectAssuranceLevel);
  // The Advisors dot (spec A2.4, issue 19): the project's findings, read while it runs.
  const lints = useAdvisorLints(data.ref ?? undefined, data.project?.status === 'ACTIVE_HEALTHY');
  const groups = sidebarLinks(data, flags, aal, lints);
  if (groups.length === 0) return null;
  const expanded = inSheet || open;
  return (
    <div className={`${css.rail} ${inSheet ? css.sheetRail : pinned ? css.pinnedRail : ''}`} data-testid="sidebar">
      <nav
        aria-label={data.ref ? 'Project navigation' : 'Organization navigation'}
        className={css.panel}
        data-open={expanded}
        data-pinned={pinned || inSheet}
        style={inSheet ? { position: 'static', width: '100%', border: 0 } : undefined}
        onPointerEnter={inSheet ? undefined : onPointerEnter}
        onPointerLeave={inSheet ? undefined : onPointerLeave}
      >
        <div className={css.nav}>
          {groups.map((group, index) => (
            <Fragment key={index}>
              {index > 0 && <div className={css.separator} role="separator" />}
              {group.map((item) => (
                <Link
                  key={item.key}
                  {...(item.opensSidePanel
                    ? { to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, apiDocs: true }) }
                    : { to: item.href })}
                  className={css.item}
                  aria-disabled={item.disabled || undefined}
                  aria-label={item.label}
                  title={expanded ? undefined : item.label}
                  activeOptions={{ exact: item.key === 'home' || item.key === 'projects' }}
                  data-sidebar-item={item.key}
                >
                  <Icon name={item.icon} size={18} className={css.icon} />
                  {item.dot && <span className={css.dot} data-dot={item.dot} aria-label="Advisor warnings" />}
                  {expanded && <span>{item.label}</span>}
                </Link>
              ))}
            </Fragment>
          ))}
        </div>
        {!inSheet && (
          <div className={css.footer}>
            <SidebarBehaviourMenu expanded={expanded} />
          </div>
        )}
      </nav>
    </div>
  );
}

function sidebarLinks(
  data: ShellData,
  flags: Readonly<Record<string, boolean>>,
  aal: 'aal1' | 'aal2' | null | undefined,
  lints: readonly AdvisorLint[],
): SidebarLink[][] {
  if (data.ref) {
    return projectSidebarGroups({
      ref: data.ref,
      status: data.project?.status,
      isPlatform: data.isPlatform,
      flags,
      lints,
    }).map((group) => group.map((item) => ({ ...item, icon: item.key })));
  }
  if (data.slug) {
    return [
      organizationSidebar({
        slug: data.slug,
        flags,
        orgRequiresMfa: data.organization?.organization_requires_mfa === true,
        aal,
      }).map((item) => ({ ...item, icon: ORG_ICONS[item.key] ?? 'projects' })),
    ];
  }
  return [];
}
