import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const popover = style({
  width: 400,
  maxWidth: 'calc(100vw - 16px)',
  background: vars.color.overlay,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  boxShadow: vars.shadow.popover,
  outline: 'none',
  color: vars.color.foreground,
});
export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column' });
export const head = style({ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px 0' });
export const title = style({ margin: 0, fontSize: 14, fontWeight: 600, flex: 1 });
export const tabs = style({ padding: '0 12px' });
// The shared TabPanel's top padding is for pages; here the toolbar sits right under the tabs.
globalStyle(`${tabs} ~ [role="tabpanel"]`, { paddingTop: 0 });
export const toolbar = style({ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: `1px solid ${vars.color.border}` });
export const smallButton = style({
  height: 26,
  padding: '0 8px',
  fontSize: 12,
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.foreground,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:disabled': { color: vars.color.subtle, cursor: 'not-allowed' },
    '&[aria-pressed="true"]': { background: vars.color.brandSubtle, borderColor: vars.color.brand },
    '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});
export const filters = style({ padding: '8px 12px', borderBottom: `1px solid ${vars.color.border}`, display: 'flex', flexDirection: 'column', gap: 6 });
export const filterSearch = style({
  height: 28,
  padding: '0 8px',
  fontSize: 12,
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.foreground,
});
export const filterGroup = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 12px', fontSize: 12 });
globalStyle(`${filterGroup} legend`, { color: vars.color.muted, fontSize: 11, padding: 0, marginBottom: 2, width: '100%' });
export const list = style({ maxHeight: 420, overflowY: 'auto', outline: 'none' });
export const row = style({
  minHeight: 56,
  padding: '10px 12px',
  borderBottom: `1px solid ${vars.color.border}`,
  display: 'flex',
  gap: 8,
  alignItems: 'flex-start',
});
export const rowBody = style({ flex: 1, minWidth: 0, fontSize: 13 });
export const rowTitle = style({ margin: 0, fontSize: 13, fontWeight: 600, display: 'flex', gap: 6, alignItems: 'center' });
export const newDot = style({ width: 6, height: 6, borderRadius: 999, background: vars.color.brand, flex: 'none' });
export const message = style({ color: vars.color.muted, overflowWrap: 'anywhere' });
globalStyle(`${message} p`, { margin: '4px 0' });
globalStyle(`${message} a`, { color: vars.color.brandText });
globalStyle(`${message} code`, { fontFamily: vars.font.mono, fontSize: 12 });
export const meta = style({ color: vars.color.muted, fontSize: 11, display: 'flex', gap: 8, alignItems: 'center', marginTop: 4, flexWrap: 'wrap' });
export const action = style({ color: vars.color.brandText, fontSize: 12 });
export const priority = style({ fontSize: 10, fontWeight: 600, padding: '0 5px', borderRadius: 4, border: `1px solid ${vars.color.border}` });
export const state = style({ padding: '24px 12px', textAlign: 'center', color: vars.color.muted, fontSize: 13 });
export const sentinel = style({ height: 1 });
