import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.base });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.semibold });
export const groups = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, border: 'none', padding: 0, margin: 0 });
export const groupsLabel = style({ fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xs, width: '100%' });
export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.base,
  color: vars.color.foreground,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focus}`, borderRadius: vars.radii.sm } },
});
export const box = style({
  width: 14,
  height: 14,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.sm,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.onBrand,
  fontSize: 10,
  selectors: { [`${checkbox}[data-selected] &`]: { background: vars.color.brand, borderColor: vars.color.brand } },
});
export const urlRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const code = style({
  margin: 0,
  padding: vars.space.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  flex: 1,
});
export const link = style({ color: vars.color.brandText, fontSize: vars.fontSize.base });
export const filePath = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.base });
