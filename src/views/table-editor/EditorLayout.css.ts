import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The shell's main area scrolls; the editor fills it and lets the list and the page scroll on their own.
// Below 768 px the table list folds into a drawer above the content (SideDrawer; issue 24).
export const layout = style({
  display: 'flex',
  height: '100%',
  minHeight: 0,
  color: vars.color.foreground,
  '@media': { 'screen and (max-width: 767px)': { flexDirection: 'column' } },
});
export const main = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 });
export const page = style({ flex: 1, minHeight: 0, overflow: 'auto' });
