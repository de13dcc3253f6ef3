// Styles of the Connect dialog and the database connection settings.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minHeight: 320 });
export const selectors = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: vars.space.md });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.muted, lineHeight: 1.5 });
export const strong = style({ color: vars.color.foreground, fontWeight: vars.fontWeight.medium });
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  background: vars.color.warningSubtle,
  border: `1px solid ${vars.color.warning}`,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
  margin: 0,
});
export const steps = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const stepTitle = style({ fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium, color: vars.color.foreground, margin: `0 0 ${vars.space.sm}` });
export const codeBlock = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.background,
  marginBottom: vars.space.sm,
});
export const codeLabel = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontFamily: vars.font.mono,
});
export const code = style({
  margin: 0,
  padding: vars.space.md,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
  whiteSpace: 'pre',
});
export const parameters = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radii.md, padding: vars.space.md });
export const parametersSummary = style({ cursor: 'pointer', fontSize: vars.fontSize.md, color: vars.color.foreground });
export const parameterList = style({ margin: `${vars.space.md} 0 0`, display: 'grid', gridTemplateColumns: 'max-content 1fr max-content', gap: `${vars.space.xs} ${vars.space.md}`, alignItems: 'center' });
export const parameterName = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const parameterValue = style({ margin: 0, fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.foreground, overflowWrap: 'anywhere' });
export const link = style({ color: vars.color.brandText, fontSize: vars.fontSize.md });
export const list = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.md, color: vars.color.muted });
