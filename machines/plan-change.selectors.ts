// Plain selectors of the plan switch actor.
import type { SnapshotFrom } from 'xstate';
import type { PlanId } from '../src/domain/entities.ts';
import type { PlanChangeMachine } from './plan-change.machine.ts';

export type PlanChangeSnapshot = SnapshotFrom<PlanChangeMachine>;

export const selectSwitchingTo = (s: PlanChangeSnapshot): PlanId | null => (s.matches('switching') ? s.context.plan : null);
export const selectCanSwitch = (s: PlanChangeSnapshot): boolean => s.matches('idle');
export const selectError = (s: PlanChangeSnapshot): string | null => s.context.error;
export const selectSwitchedTo = (s: PlanChangeSnapshot): PlanId | null => s.context.switchedTo;
