// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// /org/{slug}/general (spec A2.2, A5): what follows an outcome comes from the machine's emitted events (issue 15), so
// it happens exactly once per outcome, whatever re-renders follow: the saved toast and reload, the closed modal on a
// refused delete, the toast and the way out after a delete.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  organizationSettingsMachine,
  type DeleteOrganizationInput,
  type RenameOrganizationInput,
} from '../../../machines/organization-settings.machine.ts';
import type { Organization } from '../../domain/entities.ts';

const h = vi.hoisted(() => ({
  invalidate: vi.fn(async () => {}),
  navigate: vi.fn(async () => {}),
  toasts: [] as string[],
  rename: { resolve: (_: { name: string }) => {}, reject: (_: unknown) => {} },
  remove: { resolve: () => {}, reject: (_: unknown) => {} },
}));

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useRouter: () => ({ invalidate: h.invalidate }),
  useNavigate: () => h.navigate,
}));
vi.mock('../../ui/toast.ts', () => ({ toast: { success: (message: string) => h.toasts.push(message) } }));
// The platform's answers are the test's: each call waits until the test settles it.
vi.mock('../../actors/organization-settings.ts', () => ({
  organizationSettingsWithPlatform: organizationSettingsMachine.provide({
    actors: {
      renameOrganization: fromPromise<{ name: string }, RenameOrganizationInput>(() => new Promise((resolve, reject) => (h.rename = { resolve, reject }))),
      deleteOrganization: fromPromise<void, DeleteOrganizationInput>(() => new Promise<void>((resolve, reject) => (h.remove = { resolve, reject }))),
    },
  }),
}));

const { OrganizationSettingsPage } = await import('./OrganizationSettingsPage.tsx');
const organization: Organization = { id: 1, slug: 'acme', name: 'Acme', plan: { id: 'free', name: 'Free' } };
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('OrganizationSettingsPage', () => {
  it('a saved name is toasted and reloaded once; a refused delete closes the modal and shows why; a delete leaves once', async () => {
    const { rerender } = render(<OrganizationSettingsPage organization={organization} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Organization name' }), { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => h.rename.resolve({ name: 'Acme Labs' }));
    await settle();
    rerender(<OrganizationSettingsPage organization={{ ...organization, name: 'Acme Labs' }} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Organization name' }), { target: { value: 'Acme Labs 2' } });
    await settle();
    expect(h.toasts).toEqual(['Organization name saved']);
    expect(h.invalidate).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete organization' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /to confirm/ }), { target: { value: 'acme' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete organization' }).at(-1)!);
    await act(async () => h.remove.reject({ message: 'Delete the projects of this organization first' }));
    await settle();
    expect(screen.queryByRole('textbox', { name: /to confirm/ })).toBeNull();
    expect(screen.getByText('Delete the projects of this organization first')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete organization' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /to confirm/ }), { target: { value: 'acme' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete organization' }).at(-1)!);
    await act(async () => h.remove.resolve());
    await settle();
    rerender(<OrganizationSettingsPage organization={{ ...organization, name: 'Acme Labs' }} />);
    await settle();
    expect(h.toasts).toEqual(['Organization name saved', 'Organization Acme Labs deleted']);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith({ to: '/organizations' });
    expect(h.invalidate).toHaveBeenCalledTimes(2);
  });
});
