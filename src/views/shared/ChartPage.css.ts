// The look of the pages made of chart cards over a date range: Reports and the project's Usage (issue 19).
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0, maxWidth: 1200 });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '6px 0 0' });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' });
export const field = style({ minWidth: 180 });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))', gap: 16 });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  color: vars.color.foreground,
  minWidth: 0,
});
export const cardTitle = style({ fontSize: 15, fontWeight: 500, margin: 0 });
export const cardText = style({ fontSize: 12, color: vars.color.muted, margin: 0 });
export const figure = style({ fontSize: 24, fontWeight: 500, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0 });
