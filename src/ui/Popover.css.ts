import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(-2px)' } });

export const popover = style({
  minWidth: 'var(--trigger-width)',
  maxHeight: 'var(--popover-max-height, 60vh)',
  overflow: 'auto',
  background: vars.color.overlay,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadow.popover,
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: { '&[data-entering]': { animation: `${appear} ${vars.duration.fast} ease-out` } },
});

export const dialog = style({ outline: 'none', padding: vars.space.md });

export const arrow = style({
  fill: vars.color.overlay,
  stroke: vars.color.border,
  strokeWidth: 1,
  display: 'block',
  selectors: {
    '[data-placement=bottom] &': { transform: 'rotate(180deg)' },
    '[data-placement=left] &': { transform: 'rotate(-90deg)' },
    '[data-placement=right] &': { transform: 'rotate(90deg)' },
  },
});
