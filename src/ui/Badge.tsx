import type { HTMLAttributes } from 'react';
import { badge, type BadgeVariants } from './Badge.css.ts';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** default | brand | warning | destructive | outline */
  variant?: BadgeVariants['variant'];
  uppercase?: boolean;
}

/** A small non-interactive label: plan names, 'NEW'/'ALPHA'/'BETA', statuses. */
export function Badge({ variant, uppercase, className, ...props }: BadgeProps) {
  return <span {...props} className={[badge({ variant, uppercase }), className].filter(Boolean).join(' ')} />;
}
