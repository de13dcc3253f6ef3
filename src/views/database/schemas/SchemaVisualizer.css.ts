import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0, height: '100%', boxSizing: 'border-box' });
export const canvas = style({
  position: 'relative',
  flex: '1 1 auto',
  minHeight: 420,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  overflow: 'hidden',
  background: vars.color.background,
  cursor: 'grab',
  touchAction: 'none',
  outline: 'none',
  selectors: { '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.foreground}` }, '&[data-dragging]': { cursor: 'grabbing' } },
});
export const svg = style({ display: 'block', width: '100%', height: '100%', position: 'absolute', inset: 0 });
export const box = style({ fill: vars.color.surface, stroke: vars.color.border });
export const boxHeader = style({ fill: vars.color.border });
export const boxTitle = style({ fill: vars.color.foreground, fontWeight: 600, fontSize: 12, fontFamily: vars.font.mono });
export const columnName = style({ fill: vars.color.foreground, fontSize: 12, fontFamily: vars.font.mono });
export const columnType = style({ fill: vars.color.muted, fontSize: 11, fontFamily: vars.font.mono });
export const marker = style({ fill: vars.color.brand, fontSize: 10, fontFamily: vars.font.mono });
export const edge = style({ fill: 'none', stroke: vars.color.muted, strokeWidth: 1.5 });
export const zoom = style({ position: 'absolute', right: 10, bottom: 10, display: 'flex', gap: 6 });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
