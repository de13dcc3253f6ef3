import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ maxWidth: 560, margin: '0 auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.base });
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const details = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.sm} ${vars.space.lg}`, margin: 0 });
export const term = style({ color: vars.color.muted, fontSize: vars.fontSize.base });
export const value = style({ margin: 0, fontFamily: vars.font.mono, fontSize: vars.fontSize.base, wordBreak: 'break-all' });
export const list = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const actions = style({ display: 'flex', gap: vars.space.md, justifyContent: 'flex-end' });
export const alert = style({ color: vars.color.destructive, margin: 0 });
