import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const fileInput = style({ fontSize: vars.fontSize.sm, color: vars.color.foreground });
export const scroll = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radii.md });
export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize.sm });
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  maxWidth: '220px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
});
export const headCell = style([cell, { color: vars.color.muted, fontWeight: vars.fontWeight.medium, background: vars.color.surface }]);
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, color: vars.color.muted });
export const progressTrack = style({
  height: '8px',
  borderRadius: vars.radii.full,
  background: vars.color.surfaceHover,
  overflow: 'hidden',
});
export const progressFill = style({ height: '100%', background: vars.color.brand, transition: `width ${vars.duration.fast} linear` });
export const errors = style({
  margin: 0,
  padding: vars.space.sm,
  listStyle: 'none',
  maxHeight: '220px',
  overflowY: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const summary = style({ margin: 0, fontSize: vars.fontSize.base });
