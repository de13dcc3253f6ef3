import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css.ts';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 6, minWidth: 0 });
export const svg = style({ width: '100%', height: 'auto', display: 'block', overflow: 'visible' });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1, strokeDasharray: '2 4' });
export const label = style({ fill: vars.color.muted, fontSize: 11, fontFamily: vars.font.mono });
export const limit = style({ stroke: vars.color.destructive, strokeWidth: 1.5, strokeDasharray: '6 4' });
export const bar = style({ fill: vars.color.brand, selectors: { '&:hover': { fill: vars.color.brandHover } } });
export const legend = style({ display: 'flex', gap: 12, flexWrap: 'wrap', fontSize: 12, color: vars.color.muted, margin: 0, padding: 0, listStyle: 'none' });
export const swatch = style({ display: 'inline-block', width: 10, height: 10, borderRadius: 2, marginRight: 6, verticalAlign: 'middle' });
export const empty = style({ fontSize: 13, color: vars.color.muted, padding: '24px 0', textAlign: 'center' });
