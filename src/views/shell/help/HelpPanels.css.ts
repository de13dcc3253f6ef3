import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const panel = style({
  position: 'fixed',
  top: 56,
  right: vars.space.md,
  zIndex: 50,
  width: 'min(26rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 72px)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.3)',
});

export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const messages = style({ flex: 1, overflowY: 'auto', display: 'grid', gap: vars.space.sm, minHeight: 80, margin: 0, padding: 0, listStyle: 'none' });
export const message = style({ whiteSpace: 'pre-wrap', fontSize: vars.fontSize.sm, padding: vars.space.sm, borderRadius: vars.radii.md, border: `1px solid ${vars.color.border}` });
export const mine = style({ background: vars.color.surfaceHover });
export const prompts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const textarea = style({
  width: '100%',
  minHeight: 72,
  resize: 'vertical',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  padding: vars.space.sm,
  color: vars.color.foreground,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const preview = style({ maxWidth: '100%', maxHeight: 120, border: `1px solid ${vars.color.border}`, borderRadius: vars.radii.md });
export const error = style({ color: vars.color.destructive, fontSize: vars.fontSize.sm, margin: 0 });
