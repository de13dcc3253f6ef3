import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ maxWidth: 920, margin: '0 auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
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
export const toolbar = style({ display: 'grid', gridTemplateColumns: '220px 1fr', gap: vars.space.md, alignItems: 'end' });
export const form = style({ display: 'grid', gridTemplateColumns: '1fr 160px auto', gap: vars.space.md, alignItems: 'end' });
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.base });
export const th = style({ textAlign: 'left', color: vars.color.muted, fontWeight: vars.fontWeight.medium, padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const mono = style({ fontFamily: vars.font.mono });
export const actions = style({ display: 'flex', gap: vars.space.xs, justifyContent: 'flex-end' });
export const alert = style({ color: vars.color.destructive, margin: 0 });
