// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TypedConfirmModal } from './TypedConfirmModal.tsx';

function renderModal(onConfirm = vi.fn(), onOpenChange = vi.fn()) {
  render(
    <TypedConfirmModal
      isOpen
      onOpenChange={onOpenChange}
      title="Delete project"
      confirmString="acme-prod"
      confirmLabel="I understand, delete this project"
      onConfirm={onConfirm}
    >
      <p>This action cannot be undone.</p>
    </TypedConfirmModal>,
  );
  return {
    input: screen.getByLabelText('Type acme-prod to confirm.') as HTMLInputElement,
    confirm: screen.getByRole('button', { name: 'I understand, delete this project' }),
  };
}

describe('TypedConfirmModal (spec A2.14, A5)', () => {
  it('labels the field with the spec wording and starts with confirm disabled and no error', () => {
    const { confirm } = renderModal();
    expect(screen.getByRole('alertdialog', { name: 'Delete project' })).toBeTruthy();
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Value entered does not match')).toBeNull();
  });

  it('shows the mismatch error and keeps confirm disabled until the value matches', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { input, confirm } = renderModal(onConfirm);

    await user.type(input, 'acme');
    expect(screen.getByText('Value entered does not match')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(input, '-prod');
    expect(screen.queryByText('Value entered does not match')).toBeNull();
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('trims the typed value and confirms with Enter', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { input } = renderModal(onConfirm);
    await user.type(input, '  acme-prod  ');
    expect(screen.queryByText('Value entered does not match')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is case-sensitive', async () => {
    const user = userEvent.setup();
    const { input, confirm } = renderModal();
    await user.type(input, 'ACME-PROD');
    expect(screen.getByText('Value entered does not match')).toBeTruthy();
    expect(confirm.hasAttribute('disabled')).toBe(true);
  });

  it('asks to close on Cancel and on Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderModal(vi.fn(), onOpenChange);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.click(screen.getByLabelText('Type acme-prod to confirm.'));
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
