// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

// issue 15: a fresh new-project form said 'Enter a database password.' before anything was typed.
describe('PasswordStrengthMeter', () => {
  it('says nothing about an empty password until the form was submitted', () => {
    const { rerender } = render(<PasswordStrengthMeter password="" id="m" />);
    expect(screen.queryByText('Enter a database password.')).toBeNull();
    rerender(<PasswordStrengthMeter password="" id="m" showEmpty />);
    expect(screen.getByText('Enter a database password.')).toBeTruthy();
  });

  it('advises on a typed password at once', () => {
    render(<PasswordStrengthMeter password="short" id="m" />);
    expect(screen.getByText(/This password is too short/)).toBeTruthy();
  });
});
