// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Branch } from '../../domain/branches/branches.ts';

// The create preview branch dialog (spec B2.8) on its real tasks, with the HTTP functions and the router stubbed.
const h = vi.hoisted(() => ({
  addons: [] as { type: string; variant: { identifier: string } }[],
  disk: null as unknown,
  size: 0,
  post: vi.fn(),
  navigate: vi.fn(),
  success: vi.fn(),
  error: vi.fn(),
}));
vi.mock('../../api/branches.ts', () => ({
  fetchAddons: async () => ({ selected_addons: h.addons }),
  fetchDisk: async () => {
    if (h.disk === null) throw new Error('Failed to retrieve disk');
    return { attributes: h.disk, last_modified_at: null };
  },
  fetchDatabaseSize: async () => ({ bytes: h.size }),
  postBranch: (...args: unknown[]) => h.post(...args),
  fetchBranches: vi.fn(),
  deleteBranch: vi.fn(),
  fetchMergePlan: vi.fn(),
  postMerge: vi.fn(),
}));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => h.navigate }));
vi.mock('../../ui/toast.ts', () => ({ toast: { success: h.success, error: h.error } }));

const { CreateBranchDialog } = await import('./CreateBranchDialog.tsx');

const branch: Branch = {
  id: 'b1', name: 'feature', project_ref: 'newbranchref', parent_project_ref: 'parentref', is_default: false, persistent: false,
  git_branch: null, review_requested_at: null, created_at: '2026-11-27T00:00:00Z', status: 'ACTIVE_HEALTHY', with_data: true,
};

function open(props: Partial<Parameters<typeof CreateBranchDialog>[0]> = {}) {
  const onClose = vi.fn();
  render(<CreateBranchDialog projectRef="parentref" existingNames={['taken']} blockedReason={null} onClose={onClose} {...props} />);
  return { onClose };
}

beforeEach(() => {
  h.addons = [];
  h.disk = { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 };
  h.size = 0;
  h.post.mockReset();
  h.navigate.mockReset();
  h.success.mockReset();
  h.error.mockReset();
});

describe('CreateBranchDialog', () => {
  it("without the PITR add-on 'With data' is disabled and reads 'Requires PITR'", async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'With data' });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Requires PITR')).toBeTruthy();
  });

  it('with PITR shows the B9 estimate when cloning data (duration from the database size)', async () => {
    h.addons = [{ type: 'pitr', variant: { identifier: 'pitr_7' } }];
    h.size = 21000 * 1024 ** 3;
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('switch', { name: 'With data' }));
    expect(screen.getByText('12 GB')).toBeTruthy();
    expect(screen.getByText('$0.50/month')).toBeTruthy();
    expect(screen.getByText('723 minutes')).toBeTruthy();
  });

  it('says no cost estimate is possible when the disk configuration fails to load', async () => {
    h.addons = [{ type: 'pitr', variant: { identifier: 'pitr_7' } }];
    h.disk = null;
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('switch', { name: 'With data' }));
    expect(screen.getByRole('status').textContent).toMatch(/no cost estimate is possible/);
  });

  it('refuses a taken or malformed name with the B5 messages, and does not submit', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('switch', { name: 'With data' });
    await user.type(screen.getByRole('textbox', { name: 'Branch name' }), 'taken');
    expect(screen.getByText('A branch with this name already exists')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Branch name' }));
    await user.type(screen.getByRole('textbox', { name: 'Branch name' }), 'a b');
    expect(screen.getByText('Branch name can only contain alphanumeric characters, hyphens, and underscores.')).toBeTruthy();
    expect(h.post).not.toHaveBeenCalled();
  });

  it('on success: the toast, navigation to the new branch, and the dialog closes', async () => {
    h.post.mockResolvedValue(branch);
    const user = userEvent.setup();
    const { onClose } = open();
    await screen.findByRole('switch', { name: 'With data' });
    await user.type(screen.getByRole('textbox', { name: 'Branch name' }), 'feature');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(h.post).toHaveBeenCalledWith('parentref', { branch_name: 'feature', with_data: false });
    expect(h.success).toHaveBeenCalledWith('Successfully created branch "feature"');
    expect(h.navigate).toHaveBeenCalledWith({ to: '/project/$ref', params: { ref: 'newbranchref' } });
  });

  it("on failure: 'Failed to create branch: {msg}' and the dialog stays", async () => {
    h.post.mockRejectedValue(new Error('boom'));
    const user = userEvent.setup();
    const { onClose } = open();
    await screen.findByRole('switch', { name: 'With data' });
    await user.type(screen.getByRole('textbox', { name: 'Branch name' }), 'feature');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(h.error).toHaveBeenCalledWith('Failed to create branch: boom'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is blocked with the reason when the user may not create branches', async () => {
    open({ blockedReason: 'You need additional permissions to create branches' });
    await screen.findByRole('switch', { name: 'With data' });
    expect(screen.getByRole('button', { name: 'Create branch' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Create branch' }).getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.getByText('You need additional permissions to create branches')).toBeTruthy();
  });
});
