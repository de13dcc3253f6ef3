// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('links its label and description to the input', async () => {
    const user = userEvent.setup();
    render(<TextField label="Project name" description="Shown in the dashboard" />);
    const input = screen.getByRole('textbox', { name: 'Project name' });
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Shown in the dashboard');
    await user.type(input, 'acme');
    expect((input as HTMLInputElement).value).toBe('acme');
  });

  it('shows the error message and marks the input invalid', () => {
    render(<TextField label="Name" isInvalid errorMessage="Slug is required" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Slug is required')).toBeTruthy();
  });

  it('shows no error while valid', () => {
    render(<TextField label="Name" errorMessage="Slug is required" />);
    expect(screen.queryByText('Slug is required')).toBeNull();
  });
});
