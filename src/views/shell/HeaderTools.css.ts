import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { iconButton, trigger } from './Header.css.ts';

export const tools = style({ display: 'flex', alignItems: 'center', gap: 4 });
export const toggle = style([iconButton, { position: 'relative', textDecoration: 'none' }]);
/** spec A2.3: the advisor toggle's red dot on ERROR lints. */
export const dot = style({
  position: 'absolute',
  top: 4,
  right: 4,
  width: 7,
  height: 7,
  borderRadius: '50%',
  background: vars.color.destructiveSolid,
  border: `1px solid ${vars.color.background}`,
});
export const textButton = style([trigger, { color: vars.color.muted, padding: '0 8px' }]);
