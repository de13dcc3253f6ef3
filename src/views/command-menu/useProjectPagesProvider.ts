import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { projectSidebarGroups } from '../../domain/navigation/project-sidebar.ts';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import type { CommandGroup, CommandMenuContext } from './providers.ts';

/** 'Jump to a project page': the current project's sidebar pages whose name holds every typed word. */
export function useProjectPagesProvider(query: string, context: CommandMenuContext): CommandGroup {
  const { config } = useAppContext();
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const pages = useMemo(
    () => (context.ref ? projectSidebarGroups({ ref: context.ref, status: 'ACTIVE_HEALTHY', isPlatform: config.mode === 'platform', flags }).flat() : []),
    [context.ref, config.mode, flags],
  );
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const items = words.length === 0 ? [] : pages.filter((page) => words.every((w) => page.label.toLowerCase().includes(w)));
  return {
    id: 'pages',
    heading: 'Project pages',
    // No match hides the group: the docs answer most questions, and 'No results found.' here would be noise.
    status: items.length ? 'ready' : 'idle',
    items: items.map((page) => ({
      id: `page:${page.key}`,
      label: `Go to ${page.label}`,
      detail: null,
      run: () => void navigate({ to: page.href }),
    })),
  };
}
