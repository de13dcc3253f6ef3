// @vitest-environment jsdom
// The Selects shown on a table's first render (issue 25: the grid's filter form, the table list's sort): a stand-in with
// the Select's label (or aria-label) and value until wanted, then the real Select — open on a press or ↓, focused on a focus.
import './testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from './LazySelect.tsx';
import { Select } from './Select.tsx';

const options = [{ id: 'eq', label: '= equals' }, { id: 'gt', label: '> greater than' }];

function setup() {
  const onSelectionChange = vi.fn();
  render(<LazySelect label="Operator" aria-label="Filter operator" options={options} selectedKey="eq" onSelectionChange={onSelectionChange} />);
  return { onSelectionChange, trigger: () => screen.getByRole('button', { name: /Operator/ }) };
}

describe('LazySelect', () => {
  it('shows the label and the chosen value, with no options rendered', () => {
    const { trigger } = setup();
    expect(trigger().textContent).toContain('= equals');
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(document.body.innerHTML).not.toContain('greater than');
  });

  it('opens on a press and hands the choice on', async () => {
    const { trigger, onSelectionChange } = setup();
    fireEvent.pointerDown(trigger(), { button: 0, pointerType: 'touch' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: '> greater than' }));
    expect(onSelectionChange).toHaveBeenCalledWith('gt');
  });

  it('opens with ↓ from the keyboard', async () => {
    const { trigger } = setup();
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  it('becomes the real Select, closed, on a hover, and keeps the focus on a focus', async () => {
    const { trigger } = setup();
    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().textContent).toContain('= equals');
    trigger().focus();
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    const user = userEvent.setup();
    await user.click(trigger());
    expect(await screen.findByRole('option', { name: '= equals' })).toBeTruthy();
  });

  it('is focused after the stand-in takes the focus', async () => {
    setup();
    screen.getByRole('button', { name: /Operator/ }).focus();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('listbox'));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('= equals'));
  });

  it('named by aria-label alone, with a controlled value: the stand-in has the real Select\'s name, and a press picks', async () => {
    const sorts = [{ id: 'alphabetical', label: 'Alphabetical' }, { id: 'type', label: 'By type' }];
    const { unmount } = render(<Select aria-label="Sort tables" options={sorts} value="type" />);
    // The real trigger's name: its value, then the Select's aria-label.
    expect(screen.getByRole('button', { name: 'By type Sort tables' })).toBeTruthy();
    unmount();
    const onChange = vi.fn();
    render(<LazySelect aria-label="Sort tables" options={sorts} value="type" onChange={onChange} />);
    const standIn = screen.getByRole('button', { name: 'By type Sort tables' });
    const user = userEvent.setup();
    // A pointer comes over it first (the real Select takes the stand-in's place), then presses the real trigger.
    await user.hover(standIn);
    await user.click(screen.getByRole('button', { name: /Sort tables/ }));
    await user.click(await screen.findByRole('option', { name: 'Alphabetical' }));
    expect(onChange).toHaveBeenCalledWith('alphabetical');
  });

  it('disabled: the stand-in is a disabled button that a hover, a focus or a press leaves as it is', () => {
    render(<LazySelect label="Operator" options={options} selectedKey="eq" isDisabled />);
    const trigger = screen.getByRole('button', { name: /Operator/ });
    expect((trigger as HTMLButtonElement).disabled).toBe(true);
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.hasAttribute('data-rac')).toBe(false);
  });
});
