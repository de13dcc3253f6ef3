import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The shell's main area scrolls; the editor fills it and lets the list and the page scroll on their own.
export const layout = style({ display: 'flex', height: '100%', minHeight: 0, color: vars.color.foreground });
export const main = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 });
export const page = style({ flex: 1, minHeight: 0, overflow: 'auto' });
