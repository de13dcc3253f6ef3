import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginTop: vars.space.xs });

export const track = style({
  height: '6px',
  borderRadius: vars.radii.full,
  background: vars.color.surfaceHover,
  overflow: 'hidden',
});

export const bar = style({
  height: '100%',
  background: vars.color.brand,
  borderRadius: vars.radii.full,
  transition: `width ${vars.duration.normal} linear`,
});

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});

export const percentage = style({ color: vars.color.foreground, fontWeight: vars.fontWeight.medium });

export const warning = style({ fontSize: vars.fontSize.sm, color: vars.color.warning });

export const footer = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
