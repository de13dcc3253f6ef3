// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The role picker's user (spec B2.7, issue 14): typing searches the project's auth users (a fake search here), the
// matches are listed, and the one picked is impersonated with its id and email; an id typed by hand still works.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SearchProjectUsers } from '../../actors/project-users-search.ts';
import { USER_SEARCH_MESSAGES, type ProjectUser } from '../../domain/project-users.ts';
import { ImpersonationProvider, useImpersonation, type ImpersonationActor } from './ImpersonationContext.tsx';
import { RolePicker } from './RolePicker.tsx';

const ALICE: ProjectUser = { id: '0a1b2c3d-1111-4111-8111-111111111111', email: 'alice@example.com', created_at: '2025-01-02T00:00:00Z', last_sign_in_at: null };
const ALINA: ProjectUser = { id: '9f8e7d6c-2222-4222-8222-222222222222', email: 'alina@example.com', created_at: '2025-01-01T00:00:00Z', last_sign_in_at: null };
const BOB: ProjectUser = { id: '5e5e5e5e-3333-4333-8333-333333333333', email: 'bob@example.com', created_at: '2025-01-03T00:00:00Z', last_sign_in_at: null };

/** A project with these users: matches by part of the email or the exact id, like the real search. */
const fakeSearch = (users: ProjectUser[]) =>
  vi.fn<SearchProjectUsers>(async (text) => {
    const search = text.trim().toLowerCase();
    return search === '' ? users : users.filter((user) => user.email?.includes(search) || user.id === search);
  });

function Probe({ seen }: { seen: { actor: ImpersonationActor | null } }) {
  seen.actor = useImpersonation();
  return null;
}

async function openAsAuthenticated(search: SearchProjectUsers) {
  const user = userEvent.setup();
  const seen: { actor: ImpersonationActor | null } = { actor: null };
  render(
    <ImpersonationProvider projectRef={`p${Math.random().toString(36).slice(2)}`} searchUsers={search}>
      <RolePicker />
      <Probe seen={seen} />
    </ImpersonationProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Role: postgres' }));
  await user.click(screen.getByRole('radio', { name: /^authenticated/ }));
  return { user, choice: () => seen.actor!.getSnapshot().context.choice };
}

describe('RolePicker: the user to impersonate', () => {
  it('lists the users matching what is typed and impersonates the one picked, with its id and email', async () => {
    const search = fakeSearch([BOB, ALICE, ALINA]);
    const { user, choice } = await openAsAuthenticated(search);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.getAttribute('data-disabled')).not.toBeNull();
    const field = screen.getByRole('combobox', { name: 'User' });
    await user.type(field, 'ali');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['alice@example.com0a1b2c3d…', 'alina@example.com9f8e7d6c…']));
    // The opening list (no text), then the text once typing paused (the debounce itself: machines.test).
    expect(search.mock.calls[0]?.[0]).toBe('');
    expect(search.mock.calls.at(-1)?.[0]).toBe('ali');
    await user.click(within(listbox).getByRole('option', { name: /alina@example\.com/ }));
    expect((field as HTMLInputElement).value).toBe('alina@example.com');
    expect(apply.getAttribute('data-disabled')).toBeNull();
    await user.click(apply);
    expect(choice()).toEqual({ type: 'postgrest', role: 'authenticated', user: { id: ALINA.id, email: 'alina@example.com' } });
    expect(screen.getByRole('button', { name: 'Role: authenticated (alina@example.com)' })).toBeTruthy();
  });

  it('says when nothing matches or the project has no users, and a typed id that matches nothing is still used', async () => {
    const { user, choice } = await openAsAuthenticated(fakeSearch([]));
    const field = screen.getByRole('combobox', { name: 'User' });
    await user.click(field);
    expect(await screen.findByText(USER_SEARCH_MESSAGES.noUsers)).toBeTruthy();
    const id = '7b7b7b7b-4444-4444-8444-444444444444';
    await user.type(field, id);
    expect(await screen.findByText(USER_SEARCH_MESSAGES.noMatch)).toBeTruthy();
    // Escape closes the list only, keeping the typed text.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((field as HTMLInputElement).value).toBe(id);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(choice()).toEqual({ type: 'postgrest', role: 'authenticated', user: { id } });
  });

  it('shows a failed search and keeps the text, and a retry lists the users', async () => {
    let fail = true;
    const search = vi.fn<SearchProjectUsers>(async (text) => {
      if (fail) throw new Error('permission denied for schema auth');
      return text.trim() === 'bob' ? [BOB] : [];
    });
    const { user } = await openAsAuthenticated(search);
    const field = screen.getByRole('combobox', { name: 'User' });
    await user.type(field, 'bob');
    expect(await screen.findByText('The users could not be searched')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect((await screen.findByRole('alert')).textContent).toContain('The users could not be searched: permission denied for schema auth');
    expect((field as HTMLInputElement).value).toBe('bob');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(field);
    expect(await screen.findByRole('option', { name: /bob@example\.com/ })).toBeTruthy();
  });
});
