import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const column = style({
  width: 280,
  flexShrink: 0,
  borderRight: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  background: vars.color.surface,
});
export const header = style({ display: 'flex', flexDirection: 'column', gap: 8, padding: 12, borderBottom: `1px solid ${vars.color.border}` });
export const row = style({ display: 'flex', gap: 6, alignItems: 'flex-end' });
export const grow = style({ flex: 1, minWidth: 0 });
export const controls = style({ display: 'flex', gap: 6, alignItems: 'center' });
export const scroller = style({ flex: 1, overflowY: 'auto', minHeight: 0, padding: '4px 0' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const entry = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  margin: '0 6px',
  borderRadius: 6,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[data-active]': { background: vars.color.brandSubtle },
  },
});
export const entryButton = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '5px 4px 5px 8px',
  background: 'none',
  border: 'none',
  color: vars.color.foreground,
  font: 'inherit',
  fontSize: 13,
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: 6,
  userSelect: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 } },
});
export const entryIcon = style({ color: vars.color.muted, display: 'inline-flex', flexShrink: 0 });
export const entryText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });
export const entryName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const entryComment = style({ fontSize: 11, color: vars.color.subtle, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const rls = style({
  fontSize: 10,
  padding: '1px 5px',
  borderRadius: 4,
  flexShrink: 0,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  selectors: {
    '&[data-enabled="true"]': { color: vars.color.brandText, borderColor: vars.color.brand },
    '&[data-enabled="false"]': { color: vars.color.warning, borderColor: vars.color.warningSubtle },
  },
});
export const entryMenuButton = style({
  background: 'none',
  border: 'none',
  color: vars.color.muted,
  cursor: 'pointer',
  width: 24,
  height: 24,
  borderRadius: 4,
  flexShrink: 0,
  opacity: 0,
  selectors: {
    [`${entry}:hover &, ${entry}[data-active] &, &[data-focus-visible], &[data-pressed]`]: { opacity: 1 },
    '&[data-hovered]': { background: vars.color.surfaceHover, color: vars.color.foreground },
  },
});
export const note = style({ padding: '12px 16px', fontSize: 12, color: vars.color.muted });
export const skeletonRow = style({ padding: '6px 14px' });
export const sentinel = style({ height: 1 });
export const typeCheck = style({ width: 14, display: 'inline-flex' });
export const failure = style({ padding: 12 });
export const filterButton = style({
  height: 30,
  padding: '0 10px',
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.foreground,
  font: 'inherit',
  fontSize: 12,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&[data-hovered]': { borderColor: vars.color.borderStrong }, '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
export const schemaButton = style({
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 6, cursor: 'pointer', textAlign: 'left', font: 'inherit',
});
export const schemaButtonText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const entrySchema = style({ fontSize: 11, color: vars.color.subtle, fontFamily: vars.font.mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
