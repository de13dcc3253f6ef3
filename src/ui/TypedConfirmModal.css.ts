import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const confirmString = style({
  padding: `0 ${vars.space.xs}`,
  background: vars.color.surfaceHover,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  userSelect: 'all',
});

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
