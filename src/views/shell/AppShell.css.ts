import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const shell = style({
  display: 'grid',
  gridTemplateRows: '48px 1fr',
  height: '100vh',
  background: vars.color.background,
  color: vars.color.foreground,
  '@media': { 'screen and (max-width: 767px)': { gridTemplateRows: '48px 1fr' } },
});

export const body = style({ display: 'flex', minHeight: 0, overflow: 'hidden' });

export const main = style({ flex: 1, minWidth: 0, overflow: 'auto', background: vars.color.background });

export const desktopOnly = style({ '@media': { 'screen and (max-width: 767px)': { display: 'none' } } });
export const mobileOnly = style({ display: 'none', '@media': { 'screen and (max-width: 767px)': { display: 'flex' } } });
