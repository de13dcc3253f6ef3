// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import SqlCodeEditor from './SqlCodeEditor.tsx';

const props = {
  value: 'select 1',
  onChange: vi.fn(),
  onRun: vi.fn(),
  completion: null,
  functions: null,
  defaultSchema: 'public',
  error: null,
};

describe('SqlCodeEditor', () => {
  it("the text area itself is named 'SQL' (issue 24, aria-input-field-name: the name sat on a wrapper)", () => {
    render(<SqlCodeEditor {...props} theme="dark" />);
    const area = screen.getByRole('textbox', { name: 'SQL' });
    expect(area.classList.contains('cm-content')).toBe(true);
  });

  it('says how to leave it: Tab indents, Esc then Tab moves on (issue 24)', () => {
    render(<SqlCodeEditor {...props} theme="light" />);
    const area = screen.getByRole('textbox', { name: 'SQL' });
    const hint = document.getElementById(area.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Ctrl or Cmd+Enter runs the query. Press Escape, then Tab, to leave the editor.');
  });

  it("an empty editor (a new query) takes the focus; one with text does not (issue 24: 'New query' left it on the button)", () => {
    const view = render(<SqlCodeEditor {...props} value="" theme="dark" />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'SQL' }));
    view.unmount();
    render(<SqlCodeEditor {...props} theme="dark" />);
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'SQL' }));
  });

  it('marks the error line in the gutter as well as in the text (issue 14)', async () => {
    const { rerender } = render(<SqlCodeEditor {...props} value={'select 1;\nselect nope'} theme="light" />);
    expect(document.querySelector('.cm-lint-marker-error')).toBeNull();
    rerender(<SqlCodeEditor {...props} value={'select 1;\nselect nope'} error={{ from: 17, to: 21, message: 'column "nope" does not exist' }} theme="light" />);
    await vi.waitFor(() => expect(document.querySelector('.cm-lint-marker-error')).not.toBeNull());
    const lines = [...document.querySelectorAll('.cm-gutter-lint .cm-gutterElement')].filter((element) => element.querySelector('.cm-lint-marker-error'));
    expect(lines).toHaveLength(1);
  });
});
