import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const panel = style({ width: 300, display: 'flex', flexDirection: 'column' });
export const search = style({ padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}` });
export const input = style({
  width: '100%',
  height: 30,
  padding: `0 ${vars.space.sm}`,
  background: 'transparent',
  color: vars.color.foreground,
  border: 'none',
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: { '&::placeholder': { color: vars.color.subtle }, '&::-webkit-search-cancel-button': { display: 'none' } },
});
/** spec A2.3, C9: the list scrolls above 7 entries (7 rows of 30 px plus the section header). */
export const scrolling = style({ maxHeight: 7 * 31 + 28, overflowY: 'auto' });
export const loading = style({ display: 'flex', justifyContent: 'center', padding: vars.space.sm });
export const hint = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
export const empty = style({ padding: `${vars.space.sm}`, color: vars.color.muted, fontSize: vars.fontSize.md });
export const check = style({ marginLeft: 'auto', color: vars.color.brand });
