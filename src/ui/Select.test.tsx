// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './Select.tsx';

const options = [
  { id: 'uri', label: 'URI' },
  { id: 'psql', label: 'PSQL' },
  { id: 'golang', label: 'Golang', isDisabled: true },
  { id: 'jdbc', label: 'JDBC' },
];

describe('Select', () => {
  it('is labelled, opens from the keyboard and picks with arrows and Enter, skipping disabled options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Type" options={options} defaultValue="uri" onChange={onChange} description="Connection string format" />);
    const trigger = screen.getByRole('button', { name: /Type/ });
    expect(trigger.textContent).toContain('URI');

    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('jdbc');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('JDBC');
  });

  it('shows its error message when invalid', () => {
    render(<Select label="Region" options={options} isInvalid errorMessage="Please select a region" />);
    expect(screen.getByText('Please select a region')).toBeTruthy();
  });
});
