// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { projectStatusMachine, type RefInput, type StatusOutput } from '../../../machines/project-status.machine.ts';
import type { Project } from '../../api/types.ts';
import { ProjectStatusProvider } from '../shared/ProjectStatusContext.tsx';
import { ProjectStatusGate } from './ProjectStatusGate.tsx';
import { createFlagStore } from '../../actors/flag-store.ts';

// The gate loads its screens lazily (issue 15); load that module once here so each test waits for rendering only,
// not for the first transform of every screen.
await import('./StatusScreen.tsx');

// The project layout by status (spec A2.8) rendered in a router: which screen shows, with the spec's wording.

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
function logic(restAnswers: boolean) {
  return projectStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise<StatusOutput, RefInput>(() => never()),
      refreshProject: fromPromise<unknown, RefInput>(() => never()),
      pingRest: fromPromise<unknown, RefInput>(async () => {
        if (!restAnswers) throw new Error('timeout');
      }),
    },
  });
}

function renderAt(path: string, status: string, options: { restAnswers?: boolean } = {}) {
  const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: status as Project['status'], region: 'local', organization_id: 1 };
  const machine = logic(options.restAnswers ?? true);
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: () => (
      <ProjectStatusProvider project={project} logic={machine}>
        <ProjectStatusGate settings={null}>
          <p>the page itself</p>
        </ProjectStatusGate>
      </ProjectStatusProvider>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { flagStore: createFlagStore({}) },
  });
  return render(<RouterProvider router={router} />);
}

describe('ProjectStatusGate (spec A2.8, A4.1)', () => {
  it('an active project whose REST service answers shows the page', async () => {
    renderAt('/project/abc/editor', 'ACTIVE_HEALTHY');
    expect(await screen.findByText('the page itself')).toBeTruthy();
  });

  it('connecting: REST service offline, except on reports and settings', async () => {
    renderAt('/project/abc/editor', 'ACTIVE_HEALTHY', { restAnswers: false });
    expect(await screen.findByRole('heading', { name: 'Connecting to project' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check database health' }).getAttribute('href')).toBe('/project/abc/settings/infrastructure');
    expect(screen.getByRole('link', { name: 'Troubleshooting' })).toBeTruthy();
  });

  it('connecting is not shown on settings routes', async () => {
    renderAt('/project/abc/settings/general', 'ACTIVE_HEALTHY', { restAnswers: false });
    expect(await screen.findByText('the page itself')).toBeTruthy();
  });

  it('building: badge by status, the wording, no support link before 2 minutes, client libraries when COMING_UP', async () => {
    renderAt('/project/abc', 'UNKNOWN');
    const building = await screen.findByTestId('status-building');
    expect(within(building).getByText('Initiating project set up')).toBeTruthy();
    expect(within(building).getByText('We are provisioning your database and API endpoints')).toBeTruthy();
    expect(within(building).getByText('This may take a few minutes')).toBeTruthy();
    expect(within(building).getByText('Try refreshing after a couple of minutes.')).toBeTruthy();
    expect(within(building).queryByText('Contact support team')).toBeNull();
    expect(within(building).queryByText('Client libraries')).toBeNull();
  });

  it('building (COMING_UP) but not on settings or branches', async () => {
    const { unmount } = renderAt('/project/abc/editor', 'COMING_UP');
    expect(await screen.findByText('Setting up project')).toBeTruthy();
    expect(screen.getByText('Client libraries')).toBeTruthy();
    unmount();
    renderAt('/project/abc/branches', 'COMING_UP');
    expect(await screen.findByText('the page itself')).toBeTruthy();
  });

  it('pausing, restarting, resizing, restoring screens', async () => {
    const cases: [string, string][] = [
      ['PAUSING', 'Pausing Storefront'],
      ['GOING_DOWN', 'Pausing Storefront'],
      ['RESTARTING', 'Restarting...'],
      ['RESIZING', 'Resizing Project Compute size'],
      ['RESTORING', 'Restoration in progress'],
    ];
    for (const [status, heading] of cases) {
      const { unmount } = renderAt('/project/abc/editor', status);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      unmount();
    }
  });

  it('restoring offers support with its subject and the latest backup', async () => {
    renderAt('/project/abc/editor', 'RESTORING');
    const link = await screen.findByRole('link', { name: 'Contact support' });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: 'DATABASE_UNRESPONSIVE',
      projectRef: 'abc',
      subject: 'Ongoing restoration for project',
    });
    expect(screen.getByText('Download latest backup')).toBeTruthy();
  });

  it('pause and restore failures: support subjects, Download backup, the delete menu', async () => {
    for (const [status, heading, subject] of [
      ['PAUSE_FAILED', 'Something went wrong while pausing your project', 'Pausing failed for project'],
      ['RESTORE_FAILED', 'Something went wrong while restoring your project', 'Restoration failed for project'],
    ]) {
      const { unmount } = renderAt('/project/abc/settings/general', status!);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      const url = new URL(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')!, 'http://localhost');
      expect(url.searchParams.get('category')).toBe('DATABASE_UNRESPONSIVE');
      expect(url.searchParams.get('subject')).toBe(subject);
      expect(screen.getByText('Download backup')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
      unmount();
    }
  });

  it('restarting is not shown on backups routes; the paused view is not shown on home or settings', async () => {
    const { unmount } = renderAt('/project/abc/database/backups/scheduled', 'RESTARTING');
    expect(await screen.findByText('the page itself')).toBeTruthy();
    unmount();
    const paused = renderAt('/project/abc/editor', 'INACTIVE');
    expect(await screen.findByTestId('status-paused')).toBeTruthy();
    paused.unmount();
    renderAt('/project/abc', 'INACTIVE');
    expect(await screen.findByText('the page itself')).toBeTruthy();
  });
});
