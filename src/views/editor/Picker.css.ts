import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const panel = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.md, width: 320 });
export const heading = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, margin: 0 });
export const options = style({ display: 'grid', gap: 2 });
export const option = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});
export const optionText = style({ display: 'grid', gap: 2, fontSize: vars.fontSize.sm });
export const optionHint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  borderRadius: vars.radii.full,
  padding: '2px 8px',
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
});
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const trigger = style({ whiteSpace: 'nowrap' });
// The role picker's user search (issue 14): a user's line in the list, and a failed search under the field.
export const userLine = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0, width: '100%' });
export const userEmail = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const userId = style({ flexShrink: 0, color: vars.color.muted, fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });
export const searchError = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.destructive,
  fontSize: vars.fontSize.sm,
});
