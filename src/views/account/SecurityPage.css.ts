import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ maxWidth: 720, margin: '0 auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
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
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const factor = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});
export const factorName = style({ fontWeight: vars.fontWeight.medium });
export const enrol = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: vars.space.xl, alignItems: 'start' });
export const qr = style({ width: 180, height: 180, background: '#fff', borderRadius: vars.radii.md, padding: vars.space.sm });
export const secret = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, wordBreak: 'break-all', userSelect: 'all' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const alert = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.destructive}`,
  background: vars.color.destructiveSubtle,
  fontSize: vars.fontSize.md,
});
export const notice = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.brandSubtle,
  fontSize: vars.fontSize.md,
});
