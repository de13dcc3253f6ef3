import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const ROW_HEIGHT = 32;

export const page = style({ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 });
export const toolbar = style({
  display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`, flexWrap: 'wrap',
});
export const spacer = style({ flex: 1 });
export const count = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const filterBar = style({
  display: 'flex', alignItems: 'flex-end', gap: vars.space.sm, padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`, flexWrap: 'wrap',
});
export const chip = style({
  display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`, borderRadius: vars.radii.full, fontSize: vars.fontSize.sm, fontFamily: vars.font.mono,
});
export const input = style({
  background: vars.color.background, color: vars.color.foreground, border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.sm, padding: `4px ${vars.space.sm}`, fontSize: vars.fontSize.sm, height: 28,
});
export const scroller = style({ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative', outline: 'none', fontSize: vars.fontSize.sm,
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } } });
export const header = style({
  position: 'sticky', top: 0, zIndex: 2, display: 'flex', height: ROW_HEIGHT + 4, background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});
export const headerCell = style({
  position: 'absolute', top: 0, bottom: 0, display: 'flex', alignItems: 'center', gap: vars.space.xs, padding: `0 ${vars.space.sm}`,
  borderRight: `1px solid ${vars.color.border}`, boxSizing: 'border-box', overflow: 'hidden', whiteSpace: 'nowrap',
  selectors: { '&[data-active="true"]': { boxShadow: `inset 0 0 0 2px ${vars.color.brand}` } },
});
export const headerButton = style({
  all: 'unset', cursor: 'pointer', display: 'flex', alignItems: 'baseline', gap: vars.space.xs, minWidth: 0, flex: 1, overflow: 'hidden',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
export const columnName = style({ fontWeight: vars.fontWeight.medium, overflow: 'hidden', textOverflow: 'ellipsis' });
export const columnType = style({ color: vars.color.subtle, fontSize: vars.fontSize.xs, fontFamily: vars.font.mono });
export const resizer = style({
  position: 'absolute', right: 0, top: 0, bottom: 0, width: 6, cursor: 'col-resize', zIndex: 1, touchAction: 'none',
  selectors: { '&:hover, &[data-resizing="true"]': { background: vars.color.brand } },
});
export const row = style({ position: 'absolute', left: 0, height: ROW_HEIGHT, borderBottom: `1px solid ${vars.color.border}`, boxSizing: 'border-box',
  selectors: { '&[data-selected="true"]': { background: vars.color.brandSubtle } } });
export const cell = style({
  position: 'absolute', top: 0, bottom: 0, display: 'flex', alignItems: 'center', gap: vars.space.xs, padding: `0 ${vars.space.sm}`,
  borderRight: `1px solid ${vars.color.border}`, boxSizing: 'border-box', overflow: 'hidden', whiteSpace: 'nowrap', fontFamily: vars.font.mono,
  selectors: {
    '&[data-active="true"]': { boxShadow: `inset 0 0 0 2px ${vars.color.brand}` },
    '&[data-in-range="true"]': { background: vars.color.brandSubtle },
  },
});
export const checkCell = style([cell, { justifyContent: 'center', fontFamily: 'inherit' }]);
export const value = style({ overflow: 'hidden', textOverflow: 'ellipsis', flex: 1, minWidth: 0 });
export const nullValue = style([value, { color: vars.color.subtle, fontStyle: 'italic' }]);
export const placeholder = style({ height: 10, flex: 1, borderRadius: vars.radii.sm, background: vars.color.skeleton });
export const cellButton = style({
  all: 'unset', cursor: 'pointer', color: vars.color.brandText, fontSize: vars.fontSize.xs, fontFamily: vars.font.body, flexShrink: 0,
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
export const editor = style([input, { width: '100%', height: ROW_HEIGHT - 6, fontFamily: vars.font.mono }]);
export const editError = style({
  position: 'absolute', zIndex: 3, maxWidth: 480, whiteSpace: 'pre-wrap', padding: vars.space.sm, borderRadius: vars.radii.sm,
  // Over the rows below: the translucent tint on an opaque surface, so their text does not show through.
  backgroundColor: vars.color.surface, backgroundImage: `linear-gradient(${vars.color.destructiveSubtle}, ${vars.color.destructiveSubtle})`,
  color: vars.color.foreground, border: `1px solid ${vars.color.destructive}`, fontSize: vars.fontSize.sm,
});
export const state = style({ padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'flex-start' });
export const errorBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.destructiveSubtle, fontSize: vars.fontSize.sm, whiteSpace: 'pre-wrap' });
/** The empty state under the header: kept in view when the header is wider than the grid. */
export const empty = style({ position: 'sticky', left: 0, maxWidth: '100%', boxSizing: 'border-box', padding: vars.space.xl });
