import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { defineTeamActors, type TeamEffects } from './team.ts';

function fakeEffects() {
  return {
    invite: vi.fn<TeamEffects['invite']>(async () => ({}) as never),
    updateRole: vi.fn<TeamEffects['updateRole']>(async () => ({})),
    remove: vi.fn<TeamEffects['remove']>(async () => ({})),
    revoke: vi.fn<TeamEffects['revoke']>(async () => ({}) as never),
  };
}

describe('team actors', () => {
  it('call the endpoint of each change, then re-read the lists', async () => {
    const effects = fakeEffects();
    const onChanged = vi.fn();
    const actors = defineTeamActors('acme', onChanged, effects);
    await toPromise(createActor(actors.sendInvitation, { input: { email: 'a@b.co', role: 'developer' } }).start());
    expect(effects.invite).toHaveBeenCalledWith('acme', { email: 'a@b.co', role: 'developer' });
    const id = '6f1c7a52-6c55-4d4b-9a57-1d8c2f3a9b10';
    await toPromise(createActor(actors.applyMemberChange, { input: { kind: 'role', profileId: id, email: 'a@b.co', role: 'read_only' } }).start());
    expect(effects.updateRole).toHaveBeenCalledWith('acme', id, 'read_only');
    await toPromise(createActor(actors.applyMemberChange, { input: { kind: 'remove', profileId: id, email: 'a@b.co' } }).start());
    expect(effects.remove).toHaveBeenCalledWith('acme', id);
    await toPromise(createActor(actors.applyMemberChange, { input: { kind: 'revoke', invitationId: 4, email: 'a@b.co' } }).start());
    expect(effects.revoke).toHaveBeenCalledWith('acme', 4);
    expect(onChanged).toHaveBeenCalledTimes(4);
  });

  it('a refused change does not re-read', async () => {
    const effects = fakeEffects();
    effects.invite.mockRejectedValueOnce(new Error('no'));
    const onChanged = vi.fn();
    const actors = defineTeamActors('acme', onChanged, effects);
    await expect(toPromise(createActor(actors.sendInvitation, { input: { email: 'a@b.co', role: 'developer' } }).start())).rejects.toThrow('no');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
