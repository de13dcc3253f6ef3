import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const trigger = style({ whiteSpace: 'nowrap' });
export const panel = style({ display: 'grid', gap: vars.space.sm, width: 'min(480px, calc(100vw - 32px))' });
export const heading = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, margin: 0 });
export const empty = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });
export const rules = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const rule = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const ruleLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const ruleButtons = style({ display: 'flex', gap: 2 });
export const directions = style({
  display: 'flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  overflow: 'hidden',
});
export const direction = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: 'transparent',
  color: vars.color.muted,
  border: 'none',
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});
export const footer = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});
export const picker = style({ minWidth: 200 });
