import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

const base = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const banner = styleVariants({
  warning: [base, { background: vars.color.warningSubtle }],
  critical: [base, { background: vars.color.destructiveSubtle }],
});

export const icon = styleVariants({
  warning: { color: vars.color.warning, flexShrink: 0 },
  critical: { color: vars.color.destructive, flexShrink: 0 },
});

export const text = style({ flex: '1 1 20rem', display: 'grid', gap: '2px' });
export const title = style({ fontWeight: vars.fontWeight.medium, margin: 0, fontSize: vars.fontSize.sm });
export const description = style({ color: vars.color.muted, margin: 0 });
export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const link = style({ color: vars.color.foreground, textDecoration: 'underline' });
