import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const field = style({ minWidth: 180 });
export const dateInput = style({ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 13, color: vars.color.foreground });
export const nativeInput = style({
  background: vars.color.background,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: 6,
  padding: '6px 8px',
  fontSize: 13,
});
