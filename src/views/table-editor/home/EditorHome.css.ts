import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 24, maxWidth: 860, color: vars.color.foreground });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 });
export const title = style({ fontSize: 20, fontWeight: 500, margin: 0 });
export const sectionTitle = style({ fontSize: 14, fontWeight: 500, margin: 0 });
export const quickstart = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
});
export const quickstartHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const steps = style({ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 6, fontSize: 13, color: vars.color.muted });
export const quickstartActions = style({ display: 'flex', gap: 8 });
export const recent = style({ display: 'flex', flexDirection: 'column', gap: 8 });
export const recentList = style({ listStyle: 'none', margin: 0, padding: 0, border: `1px solid ${vars.color.border}`, borderRadius: 8, overflow: 'hidden' });
export const recentItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  width: '100%',
  padding: '8px 12px',
  background: 'none',
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.foreground,
  font: 'inherit',
  fontSize: 13,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
export const recentLabel = style({ fontWeight: 500 });
export const recentTime = style({ marginLeft: 'auto', fontSize: 12, color: vars.color.subtle });
export const muted = style({ fontSize: 12, color: vars.color.muted, margin: 0 });
export const notice = style({
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '10px 14px', borderRadius: 8,
  border: `1px solid ${vars.color.warning}`, background: vars.color.warningSubtle, fontSize: 13,
});
