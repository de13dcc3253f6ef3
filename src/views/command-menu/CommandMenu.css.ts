import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(0,0,0,0.5)',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  paddingTop: '12vh',
  zIndex: 100,
});
export const modal = style({
  width: 'min(640px, calc(100vw - 24px))',
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  boxShadow: '0 16px 48px rgba(0,0,0,0.35)',
  outline: 'none',
  overflow: 'hidden',
});
export const input = style({
  width: '100%',
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.foreground,
  fontSize: 16,
  padding: '14px 16px',
  outline: 'none',
});
export const list = style({ maxHeight: '60vh', overflowY: 'auto', padding: 6, margin: 0 });
export const groupHeading = style({ fontSize: 12, fontWeight: 600, color: vars.color.muted, padding: '8px 10px 4px', margin: 0 });
export const option = style({
  display: 'block',
  padding: '8px 10px',
  borderRadius: 6,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.surfaceHover } },
});
export const optionLabel = style({ display: 'block', fontSize: 14 });
export const optionDetail = style({ display: 'block', fontSize: 12, color: vars.color.muted, marginTop: 2 });
export const status = style({ fontSize: 13, color: vars.color.muted, padding: '6px 10px', margin: 0 });
export const stale = style({ opacity: 0.6 });
export const footer = style({ borderTop: `1px solid ${vars.color.border}`, padding: '8px 14px', fontSize: 12, color: vars.color.muted });
