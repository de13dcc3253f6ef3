// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The lazy paused-project card (issue 15): its frame and title show at once, the card replaces them once loaded.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/types.ts';

const h = vi.hoisted(() => ({ release: (() => {}) as () => void }));
vi.mock('./ProjectPausedCardView.tsx', async () => {
  await new Promise<void>((resolve) => (h.release = resolve));
  return { ProjectPausedCard: ({ project }: { project: Project }) => <section data-testid="project-paused-card">{project.name} card</section> };
});

const { ProjectPausedCard } = await import('./ProjectPausedCard.tsx');
const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'INACTIVE', region: 'local', organization_id: 1, organization_slug: 'acme' };

describe('ProjectPausedCard (lazy)', () => {
  it('shows the title while the card loads, then the card', async () => {
    render(<ProjectPausedCard project={project} />);
    expect(screen.getByRole('heading', { name: 'The project "Storefront" is currently paused.' })).toBeTruthy();
    expect(screen.queryByTestId('project-paused-card')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.release();
    expect((await screen.findByTestId('project-paused-card')).textContent).toBe('Storefront card');
    expect(screen.queryByRole('heading', { name: /currently paused/ })).toBeNull();
  });
});
