import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const alert = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.destructiveSubtle,
  border: `1px solid ${vars.color.destructive}`,
  borderRadius: vars.radii.md,
  fontSize: vars.fontSize.md,
});

export const icon = style({ color: vars.color.destructive, marginTop: '2px', gridRow: 'span 4' });

export const title = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.md });

export const message = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const advice = style({ color: vars.color.muted });

export const actions = style({ display: 'flex', gap: vars.space.sm, marginTop: vars.space.xs });
