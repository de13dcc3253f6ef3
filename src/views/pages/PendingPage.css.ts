import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '32px 40px', maxWidth: 960 });
export const title = style({ fontSize: 20, fontWeight: 500, color: vars.color.foreground, margin: 0 });
export const card = style({
  marginTop: 24,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: 8,
  padding: '40px 24px',
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: 14,
  lineHeight: 1.6,
});
export const strong = style({ color: vars.color.foreground, fontWeight: 500, display: 'block', marginBottom: 4 });
