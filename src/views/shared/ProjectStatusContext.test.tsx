// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { projectStatusMachine, type RefInput, type StatusOutput } from '../../../machines/project-status.machine.ts';
import type { Project } from '../../api/types.ts';
import { LiveProjectStatusProvider, ProjectStatusProvider, useLiveProjectStatus } from './ProjectStatusContext.tsx';

// The chrome reads the live status of the project route's status actor (spec A2.8) through the shell's provider,
// not a module-level registry (issue 15: no global stores): another console on the page, or the same console
// after the project route is gone, never sees that actor.

const never = <T,>() => new Promise<T>(() => {});
const logic = projectStatusMachine.provide({
  actors: {
    fetchStatus: fromPromise<StatusOutput, RefInput>(() => never()),
    refreshProject: fromPromise<unknown, RefInput>(() => never()),
    pingRest: fromPromise<unknown, RefInput>(() => never()),
  },
});
const paused: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'INACTIVE', region: 'local', organization_id: 1 };

function Chrome({ projectRef }: { projectRef: string }) {
  return <p data-testid="live">{useLiveProjectStatus(projectRef) ?? 'none'}</p>;
}

function inRouter(children: () => ReactNode) {
  const root = createRootRoute({ component: () => <>{children()}</> });
  return <RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) })} />;
}

/** A console: the shell's provider, its chrome, and (while `open`) the project route's status actor. */
function Console({ withProject, id }: { withProject: boolean; id: string }) {
  const [open, setOpen] = useState(withProject);
  return (
    <div data-testid={id}>
      <LiveProjectStatusProvider>
        <Chrome projectRef="abc" />
        {open && (
          <ProjectStatusProvider project={paused} logic={logic}>
            <button onClick={() => setOpen(false)}>leave {id}</button>
          </ProjectStatusProvider>
        )}
      </LiveProjectStatusProvider>
    </div>
  );
}

describe('the live project status of the chrome (spec A2.8)', () => {
  it('is the status actor of its own console only', async () => {
    render(inRouter(() => <Console id="with" withProject />));
    render(inRouter(() => <Console id="without" withProject={false} />));
    expect((await within(await screen.findByTestId('with')).findByTestId('live')).textContent).toBe('INACTIVE');
    expect(within(await screen.findByTestId('without')).getByTestId('live').textContent).toBe('none');
  });

  it('is gone once the project route is left', async () => {
    render(inRouter(() => <Console id="one" withProject />));
    const one = await screen.findByTestId('one');
    expect((await within(one).findByTestId('live')).textContent).toBe('INACTIVE');
    within(one).getByRole('button', { name: 'leave one' }).click();
    expect((await within(one).findByText('none')).textContent).toBe('none');
  });

  it('follows another project only when the ref matches', async () => {
    function Other() {
      return (
        <LiveProjectStatusProvider>
          <Chrome projectRef="xyz" />
          <ProjectStatusProvider project={paused} logic={logic}>
            <span>route</span>
          </ProjectStatusProvider>
        </LiveProjectStatusProvider>
      );
    }
    render(inRouter(() => <Other />));
    await screen.findByText('route');
    expect(screen.getByTestId('live').textContent).toBe('none');
  });

  // issue 25: the chrome rendered a second time on every project page's first load, when the route's actor arrived.
  it('leaves a reader alone when the arriving actor agrees with the status it has', async () => {
    const renders = { agreeing: 0, plain: 0 };
    function Agreeing() {
      renders.agreeing += 1;
      return <p data-testid="agreeing">{useLiveProjectStatus('abc', 'INACTIVE') ?? 'same'}</p>;
    }
    function Plain() {
      renders.plain += 1;
      return <p data-testid="plain">{useLiveProjectStatus('abc') ?? 'none'}</p>;
    }
    function Page() {
      return (
        <LiveProjectStatusProvider>
          <Agreeing />
          <Plain />
          <ProjectStatusProvider project={paused} logic={logic}>
            <span>route</span>
          </ProjectStatusProvider>
        </LiveProjectStatusProvider>
      );
    }
    render(inRouter(() => <Page />));
    expect((await screen.findByTestId('plain')).textContent).toBe('INACTIVE');
    expect(screen.getByTestId('agreeing').textContent).toBe('same');
    expect(renders.agreeing).toBe(1);
    expect(renders.plain).toBe(2);
  });
});
