import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// Below 768 px the query list folds into a drawer above the editor (SideDrawer; issue 24).
export const layout = style({
  display: 'grid',
  gridTemplateColumns: '260px minmax(0, 1fr)',
  height: '100%',
  minHeight: 0,
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto minmax(0, 1fr)' } },
});
export const sidebar = style({
  borderRight: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  background: vars.color.surface,
});
export const sidebarHead = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.md, borderBottom: `1px solid ${vars.color.border}` });
export const sidebarList = style({ overflowY: 'auto', flex: 1, padding: `${vars.space.xs} 0` });
export const sectionTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  background: 'none',
  border: 'none',
  color: vars.color.muted,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: 'pointer',
});
export const snippet = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  minHeight: 30,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[data-current]': { background: vars.color.surfaceHover, boxShadow: `inset 2px 0 0 ${vars.color.brand}` },
  },
});
export const snippetLink = style({
  flex: 1,
  minWidth: 0,
  color: vars.color.foreground,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: '6px 0',
});
export const main = style({ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 });
export const page = style({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });
export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: 'wrap',
});
export const spacer = style({ flex: 1 });
export const saveState = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const editorPane = style({ minHeight: 80, overflow: 'hidden', position: 'relative' });
export const splitter = style({
  height: 6,
  cursor: 'row-resize',
  background: vars.color.border,
  border: 'none',
  padding: 0,
  width: '100%',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.brand } },
});
export const resultsPane = style({ display: 'flex', flexDirection: 'column', minHeight: 80, flex: 1, overflow: 'hidden' });
export const resultsBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const resultNote = style({ padding: vars.space.md, color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const errorText = style({
  margin: 0,
  padding: vars.space.md,
  color: vars.color.destructive,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflow: 'auto',
});
export const plan = style({ margin: 0, padding: vars.space.md, fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, whiteSpace: 'pre', overflow: 'auto' });
export const grid = style({ flex: 1, overflow: 'auto', position: 'relative', outline: 'none', fontSize: vars.fontSize.sm });
export const gridHeader = style({ position: 'sticky', top: 0, zIndex: 2, height: 30, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const gridHeaderCell = style({
  position: 'absolute',
  top: 0,
  height: 30,
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.sm}`,
  borderRight: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.medium,
  boxSizing: 'border-box',
});
export const gridHeaderText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 });
export const resizer = style({
  position: 'absolute',
  right: -3,
  top: 0,
  width: 6,
  height: '100%',
  cursor: 'col-resize',
  zIndex: 1,
  touchAction: 'none',
  selectors: { '&:hover': { background: vars.color.brand } },
});
export const gridRow = style({ position: 'absolute', left: 0, height: 28, borderBottom: `1px solid ${vars.color.border}` });
export const gridNumber = style({
  position: 'sticky',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  height: 28,
  paddingRight: vars.space.sm,
  color: vars.color.muted,
  background: vars.color.surface,
  zIndex: 1,
  boxSizing: 'border-box',
});
export const gridCell = style({
  position: 'absolute',
  top: 0,
  height: 28,
  lineHeight: '28px',
  padding: `0 ${vars.space.sm}`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderRight: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  boxSizing: 'border-box',
  selectors: {
    '&[data-null]': { color: vars.color.subtle },
    '&[data-active]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
export const historyList = style({ overflowY: 'auto', flex: 1 });
export const historyItem = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const historyQuery = style({ fontFamily: vars.font.mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const historyMeta = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, gridColumn: '1 / -1' });
export const home = style({ padding: vars.space.xl, display: 'grid', gap: vars.space.lg, alignContent: 'start', maxWidth: 720 });

/** The running time beside the results bar (issue 14 item 6): tabular digits, so it does not jitter as it ticks. */
export const elapsed = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.muted, fontSize: vars.fontSize.sm });
export const reasonList = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: vars.space.lg, fontSize: vars.fontSize.sm });
