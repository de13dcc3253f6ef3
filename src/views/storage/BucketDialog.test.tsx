// @vitest-environment jsdom
// The bucket dialog with a keyboard (issue 24): the type cards come before Cancel in the tab order (they came after
// it: the focus started on the name below them), the type is one tab stop, and the arrows choose it.
import '../../ui/testing/jsdom.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BucketDialog } from './BucketDialog.tsx';

const nameOf = (element: Element | null) =>
  element?.getAttribute('aria-label') ?? (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent ?? element.type : element?.textContent?.trim() ?? '');

describe('BucketDialog keyboard order (issue 24)', () => {
  it('goes type → name → … → Cancel → Create, with the type as one tab stop chosen with the arrows', async () => {
    render(<BucketDialog projectRef="abc" bucket={null} isOpen onClose={vi.fn()} onSaved={vi.fn()} />);
    const user = userEvent.setup();
    const files = await screen.findByRole('radio', { name: /^Files/ });
    expect(document.activeElement).toBe(files);

    const order: string[] = [nameOf(document.activeElement)];
    for (let i = 0; i < 10 && !order.includes('Create'); i += 1) {
      await user.tab();
      order.push(nameOf(document.activeElement));
      // Create is enabled once there is a name.
      if (order.at(-1) === 'Bucket name') await user.keyboard('avatars');
    }
    const cancel = order.indexOf('Cancel');
    expect(cancel).toBeGreaterThan(0);
    expect(order.slice(0, cancel).filter((name) => /^(Files|Analytics|Vectors)/.test(name))).toHaveLength(1);
    expect(order[1]).toBe('Bucket name');
    expect(order.slice(cancel).some((name) => /^(Files|Analytics|Vectors)/.test(name))).toBe(false);

    await user.tab({ shift: true });
    files.focus();
    await user.keyboard('{ArrowRight}');
    const analytics = screen.getByRole('radio', { name: /^Analytics/ });
    expect(document.activeElement).toBe(analytics);
    expect(analytics.getAttribute('aria-checked')).toBe('true');
    expect(files.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /^Vectors/ }).getAttribute('aria-checked')).toBe('true');
  });
});
