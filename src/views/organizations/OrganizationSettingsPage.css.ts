import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '32px 40px', maxWidth: 760, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
const cardBase = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
} as const;
export const card = style(cardBase);
export const dangerCard = style({ ...cardBase, borderColor: vars.color.destructive });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.muted });
export const facts = style({ display: 'flex', gap: vars.space.xxl, margin: 0, flexWrap: 'wrap' });
export const factLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const factValue = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, color: vars.color.foreground, fontFamily: vars.font.mono });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  background: vars.color.destructiveSubtle,
  border: `1px solid ${vars.color.destructive}`,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
});
