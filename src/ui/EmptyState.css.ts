import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const icon = style({ color: vars.color.subtle, marginBottom: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium });

export const description = style({ maxWidth: '420px', color: vars.color.muted, fontSize: vars.fontSize.md });

export const action = style({ marginTop: vars.space.sm, display: 'flex', gap: vars.space.sm });
