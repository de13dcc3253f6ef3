// @vitest-environment jsdom
// The grid's Sort popover (issue 14) as a keyboard and a screen reader use it: rules added with 'Pick a column to sort
// by', reordered with 'Move … up', a direction flipped, and 'Apply sorting' handing the ordered rules to the page.
import '../../../ui/testing/jsdom.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnInfo, RowSort } from '../../../domain/table-editor/types.ts';
import { SortPopover } from './SortPopover.tsx';

const column = (name: string): ColumnInfo => ({ name, format: 'text' } as unknown as ColumnInfo);
const columns = [column('id'), column('name'), column('qty')];

function setup(sorts: RowSort[] = []) {
  const onApply = vi.fn();
  const view = render(<SortPopover columns={columns} sorts={sorts} onApply={onApply} />);
  return { onApply, user: userEvent.setup(), rerender: (next: RowSort[]) => view.rerender(<SortPopover columns={columns} sorts={next} onApply={onApply} />) };
}

const dialog = () => screen.getByRole('dialog', { name: 'Sort rows' });
const rules = () => within(dialog()).getAllByRole('listitem').map((item) => ({
  column: within(item).getByRole('button', { name: /Column of sort rule/ }).textContent,
  direction: within(item).getByRole('radio', { checked: true }).textContent,
}));

/** 'Pick a column to sort by' from the keyboard: open it with ↓, type the column's name ahead, Enter. */
async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  within(dialog()).getByRole('button', { name: /Pick a column to sort by/ }).focus();
  await user.keyboard('{ArrowDown}');
  const option = screen.getByRole('option', { name });
  await user.click(option);
}

describe('SortPopover (issue 14)', () => {
  it('says so when nothing is sorted, and only offers columns not yet sorted', async () => {
    const { user } = setup();
    const trigger = screen.getByRole('button', { name: 'Sort' });
    await user.click(trigger);
    expect(within(dialog()).getByText('No sorts applied to this view')).toBeTruthy();
    expect(within(dialog()).queryByRole('list')).toBeNull();

    await pick(user, 'name');
    expect(rules()).toEqual([{ column: 'name', direction: 'Ascending' }]);
    expect(within(dialog()).queryByText('No sorts applied to this view')).toBeNull();
    within(dialog()).getByRole('button', { name: /Pick a column to sort by/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['id', 'qty']);
  });

  it('adds two rules, moves the second up, flips a direction and applies them in that order', async () => {
    const { onApply, user, rerender } = setup();
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    await pick(user, 'name');
    await pick(user, 'qty');
    expect(rules()).toEqual([{ column: 'name', direction: 'Ascending' }, { column: 'qty', direction: 'Ascending' }]);
    expect(within(dialog()).getByRole('button', { name: 'Move name up' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Move qty down' }).hasAttribute('disabled')).toBe(true);

    // Move qty up from the keyboard: the rule goes first, the focus stays with it (on the button still usable).
    within(dialog()).getByRole('button', { name: 'Move qty up' }).focus();
    await user.keyboard('{Enter}');
    expect(rules().map((rule) => rule.column)).toEqual(['qty', 'name']);
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Move qty down' }));
    expect(within(dialog()).getByText('qty moved up, now rule 1 of 2')).toBeTruthy();

    // Flip qty to descending: its direction is a radio group named after the column.
    const direction = within(dialog()).getByRole('radiogroup', { name: 'Direction of qty' });
    await user.click(within(direction).getByRole('radio', { name: 'Descending' }));
    expect(rules()).toEqual([{ column: 'qty', direction: 'Descending' }, { column: 'name', direction: 'Ascending' }]);
    expect(onApply).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Apply sorting' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith([{ column: 'qty', ascending: false }, { column: 'name', ascending: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The page applies them; the button counts the rules.
    rerender(onApply.mock.calls[0]![0] as RowSort[]);
    expect(screen.getByRole('button', { name: 'Sorted by 2 rules' })).toBeTruthy();
  });

  it('starts from the view’s sorts, removes a rule, changes a rule’s column, and drops the draft on Escape', async () => {
    const { onApply, user } = setup([{ column: 'id', ascending: false }, { column: 'name', ascending: true }]);
    const trigger = screen.getByRole('button', { name: 'Sorted by 2 rules' });
    await user.click(trigger);
    expect(rules()).toEqual([{ column: 'id', direction: 'Descending' }, { column: 'name', direction: 'Ascending' }]);

    await user.click(within(dialog()).getByRole('button', { name: 'Remove sort on id' }));
    expect(rules()).toEqual([{ column: 'name', direction: 'Ascending' }]);
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Remove sort on name' }));

    // The rule's column picker offers its own column and those not sorted.
    await user.click(within(dialog()).getByRole('button', { name: /Column of sort rule 1/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['name', 'id', 'qty']);
    await user.click(screen.getByRole('option', { name: 'qty' }));
    expect(rules()).toEqual([{ column: 'qty', direction: 'Ascending' }]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
    // Opened again: the view's sorts, not the dropped draft.
    await user.click(trigger);
    expect(rules()).toEqual([{ column: 'id', direction: 'Descending' }, { column: 'name', direction: 'Ascending' }]);

    // Removing every rule and applying clears the sort.
    await user.click(within(dialog()).getByRole('button', { name: 'Remove sort on id' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove sort on name' }));
    expect(within(dialog()).getByText('No sorts applied to this view')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: /Pick a column to sort by/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Apply sorting' }));
    expect(onApply).toHaveBeenCalledWith([]);
  });
});
