import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const current = style({ display: 'flex', alignItems: 'center', gap: 8, marginTop: 20, fontSize: 14, color: vars.color.foreground });
export const plans = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12, marginTop: 12 });
export const plan = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  alignItems: 'flex-start',
});
export const planName = style({ fontSize: 16, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const panel = style({ display: 'flex', flexDirection: 'column', gap: 12, padding: 16, minWidth: 320 });
export const panelRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  padding: '8px 0',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const muted = style({ fontSize: 13, color: vars.color.muted, margin: 0 });
export const notice = style({ padding: '8px 12px', borderRadius: 6, background: vars.color.brandSubtle, fontSize: 13 });
export const alert = style({ padding: '8px 12px', borderRadius: 6, background: vars.color.destructiveSubtle, fontSize: 13 });
