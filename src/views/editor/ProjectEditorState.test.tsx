// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The project layout holds the editors' actors without creating them (issue 15): the first editor page creates
// them, the next one (table editor -> SQL editor) gets the same actor, and another project gets its own.
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectEditorStateProvider, useProjectEditorSlot } from './ProjectEditorState.tsx';

function Consumer({ create, seen }: { create: (ref: string) => object; seen: object[] }) {
  const slot = useProjectEditorSlot('tabs', create);
  if (slot) seen.push(slot);
  return null;
}

describe('ProjectEditorStateProvider', () => {
  it('creates a slot on first use only and shares it within one project', () => {
    const create = vi.fn((ref: string) => ({ ref }));
    const seen: object[] = [];
    const { rerender } = render(<ProjectEditorStateProvider projectRef="abc">{null}</ProjectEditorStateProvider>);
    expect(create).not.toHaveBeenCalled();
    rerender(
      <ProjectEditorStateProvider projectRef="abc">
        <Consumer create={create} seen={seen} />
      </ProjectEditorStateProvider>,
    );
    rerender(
      <ProjectEditorStateProvider projectRef="abc">
        <Consumer key="sql" create={create} seen={seen} />
      </ProjectEditorStateProvider>,
    );
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('abc');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(1);

    rerender(
      <ProjectEditorStateProvider key="other" projectRef="xyz">
        <Consumer create={create} seen={seen} />
      </ProjectEditorStateProvider>,
    );
    expect(create).toHaveBeenLastCalledWith('xyz');
    expect(new Set(seen).size).toBe(2);
  });

  it('answers null outside a project layout or when an explicit provider answers', () => {
    const create = vi.fn(() => ({}));
    const seen: object[] = [];
    render(<Consumer create={create} seen={seen} />);
    function Skipping() {
      const slot = useProjectEditorSlot('tabs', create, true);
      if (slot) seen.push(slot);
      return null;
    }
    render(
      <ProjectEditorStateProvider projectRef="abc">
        <Skipping />
      </ProjectEditorStateProvider>,
    );
    expect(create).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });
});
