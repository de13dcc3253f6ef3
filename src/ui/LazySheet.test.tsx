// @vitest-environment jsdom
import './testing/jsdom.ts';
// The lazy sheet (issue 15): nothing rendered (nor loaded) while never opened; the sheet on opening; kept mounted after.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazySheet } from './LazySheet.tsx';

const sheet = (isOpen: boolean) => (
  <LazySheet isOpen={isOpen} onOpenChange={() => {}} title="Menu">
    <a href="/dashboard/project/abc">Table Editor</a>
  </LazySheet>
);

describe('LazySheet', () => {
  it('renders the sheet from its first opening on', async () => {
    const { rerender } = render(sheet(false));
    expect(document.body.textContent).toBe('');
    rerender(sheet(true));
    expect((await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 })).textContent).toContain('Table Editor');
    rerender(sheet(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
