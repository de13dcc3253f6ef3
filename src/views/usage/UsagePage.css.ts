import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, marginTop: 20 });
export const filter = style({ minWidth: 260 });
export const list = style({ listStyle: 'none', padding: 0, margin: '20px 0 0', display: 'grid', gap: 12 });
export const metric = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: 8,
  alignItems: 'center',
});
export const metricName = style({ fontSize: 14, fontWeight: 500, color: vars.color.foreground, margin: 0 });
export const figures = style({ fontSize: 13, color: vars.color.muted, textAlign: 'right' });
export const used = style({ color: vars.color.foreground, fontFamily: vars.font.mono });
export const bar = style({ gridColumn: '1 / -1', height: 6, borderRadius: 3, background: vars.color.border, overflow: 'hidden' });
export const fill = style({ height: '100%', background: vars.color.brand });
export const fillExceeded = style({ height: '100%', background: vars.color.destructive });
export const note = style({ marginTop: 16, fontSize: 12, color: vars.color.muted });
export const warning = style({
  marginTop: 16,
  padding: '8px 12px',
  borderRadius: 6,
  background: vars.color.warningSubtle,
  color: vars.color.foreground,
  fontSize: 13,
});
