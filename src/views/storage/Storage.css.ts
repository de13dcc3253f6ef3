import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// Below 768 px the bucket list folds into a drawer above the explorer (SideDrawer; issue 24).
export const layout = style({
  display: 'flex',
  height: '100%',
  minHeight: 'calc(100vh - 48px)',
  color: vars.color.foreground,
  '@media': { 'screen and (max-width: 767px)': { flexDirection: 'column' } },
});
export const sidebar = style({ width: 240, flexShrink: 0, borderRight: `1px solid ${vars.color.border}`, padding: 12, display: 'flex', flexDirection: 'column', gap: 8 });
export const sidebarTitle = style({ fontSize: 12, color: vars.color.muted, textTransform: 'uppercase', letterSpacing: '0.04em', margin: '8px 4px 0' });
export const bucketList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 });
export const bucketLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '6px 8px',
  borderRadius: 6,
  color: vars.color.foreground,
  textDecoration: 'none',
  fontSize: 13,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="page"]': { background: vars.color.surfaceHover, fontWeight: 500 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});
export const main = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });
export const toolbar = style({ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: `1px solid ${vars.color.border}`, flexWrap: 'wrap' });
export const breadcrumb = style({ display: 'flex', alignItems: 'center', gap: 4, flex: 1, minWidth: 0, fontSize: 13, overflow: 'hidden' });
export const crumb = style({
  background: 'none',
  border: 'none',
  color: vars.color.foreground,
  cursor: 'pointer',
  padding: '2px 4px',
  borderRadius: 4,
  fontSize: 13,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});
export const crumbSep = style({ color: vars.color.muted });
export const columns = style({ display: 'flex', flex: 1, overflowX: 'auto', overflowY: 'hidden', minHeight: 400 });
export const column = style({
  width: 260,
  flexShrink: 0,
  borderRight: `1px solid ${vars.color.border}`,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  selectors: { '&[data-drop-target="true"]': { background: vars.color.brandSubtle, outline: `1px dashed ${vars.color.brand}`, outlineOffset: -2 } },
});
export const columnEmpty = style({ padding: 16, fontSize: 12, color: vars.color.muted, textAlign: 'center' });
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 8px',
  height: 32,
  fontSize: 13,
  cursor: 'default',
  borderRadius: 0,
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[data-open="true"]': { background: vars.color.surfaceHover },
    '&[data-selected="true"]': { background: vars.color.brandSubtle },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[data-status="LOADING"]': { opacity: 0.6 },
  },
});
/** The name cell of a row (issue 24: the row's cells are grid cells): it lays out the icon, name and details. */
export const rowCell = style({ display: 'flex', alignItems: 'center', gap: 8, flex: 1, minWidth: 0, height: '100%' });
export const rowName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const rowMeta = style({ fontSize: 11, color: vars.color.muted, whiteSpace: 'nowrap' });
export const corrupted = style({ fontSize: 11, color: vars.color.destructive });
export const rowIcon = style({ width: 16, textAlign: 'center', color: vars.color.muted, flexShrink: 0 });
export const nameInput = style({
  flex: 1,
  minWidth: 0,
  background: vars.color.background,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: 4,
  color: vars.color.foreground,
  padding: '2px 6px',
  fontSize: 13,
});
export const nameError = style({ fontSize: 11, color: vars.color.destructive, padding: '2px 8px 6px 32px' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13 });
export const th = style({ textAlign: 'left', fontWeight: 500, color: vars.color.muted, fontSize: 12, padding: '6px 8px', borderBottom: `1px solid ${vars.color.border}` });
export const td = style({ padding: '0 8px', height: 32, borderBottom: `1px solid ${vars.color.border}` });
export const listWrap = style({ flex: 1, overflow: 'auto' });
export const selectionBar = style({ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px', background: vars.color.brandSubtle, fontSize: 13 });
export const hiddenInput = style({ display: 'none' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const typeOptions = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 });
export const typeOption = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 10,
  background: vars.color.surface,
  color: vars.color.foreground,
  textAlign: 'left',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  cursor: 'pointer',
  fontSize: 12,
  selectors: { '&[aria-checked="true"]': { borderColor: vars.color.brand, background: vars.color.brandSubtle } },
});
export const typeTitle = style({ fontWeight: 500, fontSize: 13, marginBottom: 4 });
export const alert = style({ color: vars.color.destructive, fontSize: 13 });
export const sizeRow = style({ display: 'flex', gap: 8, alignItems: 'flex-end' });
export const empty = style({ margin: 'auto', padding: 32, maxWidth: 420, textAlign: 'center' });
export const urlBox = style({ fontFamily: vars.font.mono, fontSize: 12, wordBreak: 'break-all', padding: 8, border: `1px solid ${vars.color.border}`, borderRadius: 6 });
export const sentinel = style({ height: 1, flexShrink: 0 });
export const wideColumn = style([column, { width: '100%', flex: 1, borderRight: 'none' }]);
export const listHeader = style({ display: 'flex', gap: 8, padding: '6px 44px 6px 32px', fontSize: 12, color: vars.color.muted, borderBottom: `1px solid ${vars.color.border}` });
export const menuButton = style({
  background: 'none',
  border: 'none',
  color: vars.color.muted,
  borderRadius: 4,
  width: 24,
  height: 22,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surface, color: vars.color.foreground }, '&:disabled': { opacity: 0.4, cursor: 'default' } },
});

/** The wrapper of a refused write (Refusable): the disabled control lets the pointer through, so hover reaches the tooltip. */
export const refusable = style({ display: 'inline-flex', cursor: 'not-allowed' });
globalStyle(`${refusable} > *`, { pointerEvents: 'none' });
// The preview pane (issue 14).
// Below 768 px the pane goes under the files at full width instead of squeezing them (issue 24's 375 px check).
export const explorerBody = style({ display: 'flex', flex: 1, minHeight: 0, '@media': { '(max-width: 767px)': { flexDirection: 'column', overflowY: 'auto' } } });
export const preview = style({
  width: 320,
  flexShrink: 0,
  borderLeft: `1px solid ${vars.color.border}`,
  padding: 12,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  overflowY: 'auto',
  '@media': { '(max-width: 767px)': { width: 'auto', borderLeft: 'none', borderTop: `1px solid ${vars.color.border}` } },
});
export const previewHeader = style({ display: 'flex', alignItems: 'center', gap: 8 });
export const previewTitle = style({ flex: 1, minWidth: 0, margin: 0, fontSize: 14, fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
// Never shrunk by the pane's column: a tall PDF page keeps its height (and its pager) and the pane scrolls instead.
export const previewMedia = style({ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 120, flexShrink: 0, background: vars.color.brandSubtle, borderRadius: 6, overflow: 'hidden' });
export const previewImage = style({ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', display: 'block' });
export const previewText = style({ margin: 0, padding: 8, width: '100%', maxHeight: 240, overflow: 'auto', fontFamily: vars.font.mono, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' });
export const previewMeta = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0, fontSize: 12 });
export const previewUrl = style({ display: 'flex', flexDirection: 'column', gap: 6 });
export const searchResults = style({ flex: 1, overflow: 'auto', listStyle: 'none', margin: 0, padding: 0 });
export const searchHit = style({ display: 'flex', gap: 8, width: '100%', padding: '6px 12px', border: 'none', background: 'none', textAlign: 'left', cursor: 'pointer', font: 'inherit', color: 'inherit', ':hover': { background: vars.color.brandSubtle } });
globalStyle(`${previewMeta} dd, ${previewMeta} dt`, { margin: 0 });
globalStyle(`${previewMeta} dt`, { color: vars.color.muted });
// The PDF preview (issue 14): a page on a canvas, the pager under it.
export const pdf = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: 8, width: '100%' });
export const pdfCanvas = style({ display: 'block', maxWidth: '100%', background: '#ffffff', boxShadow: `0 0 0 1px ${vars.color.border}` });
export const pdfPager = style({ display: 'flex', alignItems: 'center', gap: 8 });
export const pdfPageLabel = style({ fontSize: 12, minWidth: 90, textAlign: 'center' });
export const pdfLoading = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 120 });
// An image file's thumbnail beside its name (issue 14): 24 px, over the 16 px of the icon it replaces (the negative
// margins keep the names of all rows, and the list view's header, aligned).
export const rowThumb = style({ width: 24, height: 24, margin: '0 -4px', objectFit: 'cover', borderRadius: 3, flexShrink: 0, background: vars.color.surface });
