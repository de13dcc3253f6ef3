// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActorController } from '../../../machines.test/support/controlled-actors.ts';
import type { Organization, Project } from '../../api/types.ts';

// The views with their machines driven by controlled actors; router, shell data and role are stubbed.
const h = vi.hoisted(() => ({
  fakes: undefined as unknown as ActorController,
  role: 'owner' as string | undefined,
  org: undefined as unknown as Organization,
  navigate: vi.fn(),
  invalidate: vi.fn(),
  assumed: [] as unknown[],
}));
vi.mock('../../actors/project-lifecycle.ts', async () => {
  const { controlledActors } = await import('../../../machines.test/support/controlled-actors.ts');
  const { projectResumeMachine } = await import('../../../machines/project-resume.machine.ts');
  const { deleteProjectMachine } = await import('../../../machines/delete-project.machine.ts');
  const { backupDownloadMachine } = await import('../../../machines/backup-download.machine.ts');
  const { storageArchiveMachine } = await import('../../../machines/storage-archive.machine.ts');
  h.fakes = controlledActors({
    fetchPauseStatus: 'promise',
    fetchVersions: 'promise',
    fetchMembersAtLimit: 'promise',
    restoreProject: 'promise',
    deleteProject: 'promise',
    sendExitSurvey: 'promise',
    listBackups: 'promise',
    fetchBackupUrl: 'promise',
    createArchive: 'promise',
    fetchArchive: 'promise',
  });
  const logic = h.fakes.logic as never;
  return {
    projectResumeWithPlatform: projectResumeMachine.provide({ actors: logic }),
    deleteProjectWithPlatform: deleteProjectMachine.provide({ actors: logic }),
    backupDownloadWithPlatform: backupDownloadMachine.provide({ actors: logic }),
    storageArchiveWithPlatform: storageArchiveMachine.provide({ actors: logic }),
  };
});
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => h.navigate, useRouter: () => ({ invalidate: h.invalidate }) }));
vi.mock('./useShellData.ts', () => ({ useShellData: () => ({ organization: h.org, organizations: [h.org] }) }));
vi.mock('./useAppContext.ts', () => ({ useAppContext: () => ({}), useFeatureFlags: () => ({}) }));
vi.mock('./useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
vi.mock('./ProjectStatusContext.tsx', () => ({
  useProjectStatusActor: () => ({ send: (event: unknown) => h.assumed.push(event) }),
}));

const { ProjectPausedCard } = await import('./ProjectPausedCardView.tsx');
const { DeleteProjectModal } = await import('./DeleteProjectModalView.tsx');

const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'INACTIVE', region: 'local', organization_id: 1, organization_slug: 'acme' };
const org = (plan: 'free' | 'pro'): Organization => ({ id: 1, slug: 'acme', name: 'Acme', plan: { id: plan, name: plan === 'free' ? 'Free' : 'Pro' } });
const restorable = { can_restore: true, remaining_days_till_restore_disabled: 1, max_days_till_restore_disabled: 90, latest_downloadable_backup_id: 4 };

beforeEach(() => {
  h.fakes.reset();
  h.role = 'owner';
  h.org = org('free');
  h.assumed.length = 0;
  h.navigate.mockReset();
});

describe('ProjectPausedCard', () => {
  it('free plan: 1 day and the date; members at the limit block; then resume assumes RESTORING', async () => {
    const user = userEvent.setup();
    render(<ProjectPausedCard project={project} />);
    await act(() => h.fakes.resolve('fetchPauseStatus', restorable));
    expect(screen.getByText(/resumed within 1 day of being paused, until/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume project' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Resume this project' })).getByRole('button', { name: 'Resume' }));
    await act(() => h.fakes.resolve('fetchMembersAtLimit', [{ username: 'carol', free_project_limit: 2 }]));
    const blocked = screen.getByRole('alertdialog', { name: 'Members exceeded free project limit' });
    expect(within(blocked).getByText('carol (limit: 2 free projects)')).toBeTruthy();
    expect(h.fakes.starts('restoreProject')).toHaveLength(0);
    await user.click(within(blocked).getByRole('button', { name: 'Understood' }));
    await user.click(screen.getByRole('button', { name: 'Resume project' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Resume this project' })).getByRole('button', { name: 'Resume' }));
    await act(() => h.fakes.resolve('fetchMembersAtLimit', []));
    await act(() => h.fakes.resolve('restoreProject', { status: 'RESTORING' }));
    expect(h.assumed).toEqual([{ type: 'status.assumed', status: 'RESTORING' }]);
  });

  it('paid plan text; without INFRA_EXECUTE the button is disabled with the spec tooltip text', async () => {
    h.org = org('pro');
    h.role = 'developer';
    render(<ProjectPausedCard project={project} />);
    await act(() => h.fakes.resolve('fetchPauseStatus', { ...restorable, remaining_days_till_restore_disabled: null }));
    expect(screen.getByText(/billing for this project starts again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume project' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('img', { name: 'You need additional permissions to resume this project' })).toBeTruthy();
  });

  it('not restorable: no backup → disabled download with the support tooltip; failed status read says so', async () => {
    const { unmount } = render(<ProjectPausedCard project={project} />);
    await act(() => h.fakes.resolve('fetchPauseStatus', { ...restorable, can_restore: false, latest_downloadable_backup_id: null }));
    expect(screen.getByText('Project can no longer be restored through the dashboard')).toBeTruthy();
    expect(screen.getByText(/paused for over 90 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No backups available for download' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('img', { name: 'No backups available, please reach out via support for assistance' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download storage objects' })).toBeTruthy();
    unmount();
    render(<ProjectPausedCard project={project} />);
    await act(() => h.fakes.reject('fetchPauseStatus', new Error('offline')));
    expect(screen.getByRole('alert').textContent).toContain('Failed to retrieve pause status');
  });
});

describe('DeleteProjectModal', () => {
  it('paid plan: 11 survey choices with None of the above last, a reason required, then the last visited organization', async () => {
    h.org = org('pro');
    localStorage.setItem('strata.last-visited-organization', 'acme');
    const user = userEvent.setup();
    render(<DeleteProjectModal project={project} isOpen onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deletion of Storefront' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(11);
    expect(boxes.at(-1)?.closest('label')?.textContent).toBe('None of the above');
    await user.type(within(dialog).getByLabelText('Type Storefront to confirm.'), 'Storefront');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    expect(within(dialog).getByText('Please select a reason for deleting your project')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Too expensive' }));
    await user.type(within(dialog).getByLabelText('Anything else we could improve? (optional)'), 'bye');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    await act(() => h.fakes.reject('deleteProject', new Error('refused')));
    expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete project: refused');
    expect((within(dialog).getByLabelText('Type Storefront to confirm.') as HTMLInputElement).value).toBe('Storefront');
    await user.click(within(dialog).getByRole('button', { name: 'I understand, delete this project' }));
    await act(() => h.fakes.resolve('deleteProject', {}));
    expect(h.fakes.starts('sendExitSurvey')[0]?.input).toMatchObject({ reasons: '- Too expensive', additionalFeedback: 'bye', exitAction: 'delete' });
    await act(() => h.fakes.resolve('sendExitSurvey', {}));
    expect(h.navigate).toHaveBeenCalledWith({ to: '/org/acme' });
  });
});
