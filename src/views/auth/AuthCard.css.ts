import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  background: vars.color.background,
  color: vars.color.foreground,
});

export const card = style({
  width: '100%',
  maxWidth: 400,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xxl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.popover,
});

export const brand = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.brandText,
  letterSpacing: '0.02em',
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });
export const subtitle = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.base });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const row = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });

export const alert = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.destructive}`,
  background: vars.color.destructiveSubtle,
  fontSize: vars.fontSize.md,
});

export const alertList = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg });

export const notice = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.brandSubtle,
  fontSize: vars.fontSize.md,
});

// Underlined: a link inside a sentence ('Don't have an account? Sign up') must not rely on colour alone (issue 24,
// WCAG 1.4.1, axe link-in-text-block); hover thickens the line.
export const link = style({
  color: vars.color.brandText,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  selectors: { '&:hover, &[data-hovered]': { textDecorationThickness: '2px' } },
});

export const footer = style({ color: vars.color.muted, fontSize: vars.fontSize.md, textAlign: 'center' });
