import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ maxWidth: 820, margin: '0 auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
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
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const form = style({ display: 'grid', gridTemplateColumns: '1fr 200px auto', gap: vars.space.md, alignItems: 'end' });
export const created = style({
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radii.md,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const secret = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.base, wordBreak: 'break-all', userSelect: 'all', margin: 0 });
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.base });
export const th = style({ textAlign: 'left', color: vars.color.muted, fontWeight: vars.fontWeight.medium, padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const mono = style({ fontFamily: vars.font.mono });
export const alert = style({ color: vars.color.destructive, margin: 0 });
