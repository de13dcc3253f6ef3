import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const shimmer = keyframes({ from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } });

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radii.sm,
  background: `linear-gradient(90deg, ${vars.color.skeleton} 25%, ${vars.color.skeletonShine} 50%, ${vars.color.skeleton} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
