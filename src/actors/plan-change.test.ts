import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';

const calls: string[] = [];
vi.mock('../api/team.ts', () => ({
  updateOrganizationPlan: vi.fn(async (slug: string, plan: string) => {
    if (plan === 'enterprise') throw new Error('Plan not available');
    calls.push(`patch ${slug} ${plan}`);
  }),
}));

const { defineChangePlan } = await import('./plan-change.ts');

describe('plan change effect (spec A6 Upgrade)', () => {
  it('re-reads the loaders only after the plan was saved', async () => {
    const afterChange = vi.fn(async () => void calls.push('invalidate'));
    await toPromise(createActor(defineChangePlan({ slug: 'acme', afterChange }), { input: { plan: 'pro' } }).start());
    expect(calls).toEqual(['patch acme pro', 'invalidate']);
    await expect(toPromise(createActor(defineChangePlan({ slug: 'acme', afterChange }), { input: { plan: 'enterprise' } }).start())).rejects.toThrow(
      'Plan not available',
    );
    expect(afterChange).toHaveBeenCalledTimes(1);
  });
});
