// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The lazy delete-project modal (issue 15): nothing is loaded or rendered until the first opening; then the modal
// shows, and it stays mounted when closed (react-aria's exit runs as before).
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/types.ts';

const h = vi.hoisted(() => ({ loads: 0, renders: [] as boolean[] }));
vi.mock('./DeleteProjectModalView.tsx', () => {
  h.loads++;
  return {
    DeleteProjectModal: ({ project, isOpen }: { project: Project; isOpen: boolean }) => {
      h.renders.push(isOpen);
      return isOpen ? <div role="alertdialog" aria-label={`Confirm deletion of ${project.name}`} /> : null;
    },
  };
});

const { DeleteProjectModal } = await import('./DeleteProjectModal.tsx');
const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1, organization_slug: 'acme' };

describe('DeleteProjectModal (lazy)', () => {
  it('loads the modal on its first opening and keeps it mounted once closed', async () => {
    const { rerender } = render(<DeleteProjectModal project={project} isOpen={false} onOpenChange={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.loads).toBe(0);
    expect(h.renders).toEqual([]);

    rerender(<DeleteProjectModal project={project} isOpen onOpenChange={() => {}} />);
    expect(await screen.findByRole('alertdialog', { name: 'Confirm deletion of Storefront' })).toBeTruthy();
    expect(h.loads).toBe(1);

    rerender(<DeleteProjectModal project={project} isOpen={false} onOpenChange={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(h.renders.at(-1)).toBe(false);
  });
});
