import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const hint = style({
  display: 'inline-flex',
  alignItems: 'center',
  color: vars.color.muted,
  borderRadius: vars.radii.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible], &:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}` } },
});
