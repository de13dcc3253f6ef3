import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const page = style({ padding: '32px 40px', maxWidth: 1100 });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, marginTop: 6 });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12, marginTop: 24 });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  color: vars.color.foreground,
  textDecoration: 'none',
  display: 'block',
  outline: 'none',
  selectors: {
    'a&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});
export const cardTitle = style({ fontSize: 14, fontWeight: 500, margin: 0 });
export const cardText = style({ fontSize: 12, color: vars.color.muted, marginTop: 6 });
export const facts = style({ display: 'flex', gap: 32, marginTop: 20, flexWrap: 'wrap' });
export const fact = style({ display: 'flex', flexDirection: 'column', gap: 4 });
export const factLabel = style({ fontSize: 12, color: vars.color.muted });
export const factValue = style({ fontSize: 14, color: vars.color.foreground, fontFamily: vars.font.mono });
export const sectionTitle = style({ fontSize: 14, fontWeight: 500, marginTop: 32, marginBottom: 0, color: vars.color.foreground });
export const empty = style({ marginTop: 24, padding: 32, border: `1px dashed ${vars.color.border}`, borderRadius: 8, color: vars.color.muted, fontSize: 14, textAlign: 'center' });
