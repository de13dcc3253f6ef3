import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 30,
  height: 30,
  border: 0,
  borderRadius: 6,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 2px ${vars.color.focus}` },
    '&[aria-expanded="true"]': { background: vars.color.surfaceHover, color: vars.color.foreground },
  },
});

const marker = style({ position: 'absolute', pointerEvents: 'none', borderRadius: 999 });

/** spec A4.8: the critical marker, first in precedence. */
export const critical = style([
  marker,
  {
    top: 2,
    right: 0,
    minWidth: 14,
    height: 14,
    fontSize: 10,
    fontWeight: 700,
    lineHeight: '14px',
    textAlign: 'center',
    background: vars.color.destructiveSolid,
    color: vars.color.onDestructive,
  },
]);
export const warning = style([marker, { top: 5, right: 5, width: 8, height: 8, background: vars.color.warning }]);
export const unread = style([
  marker,
  {
    top: 1,
    right: -2,
    minWidth: 16,
    height: 16,
    padding: '0 4px',
    fontSize: 10,
    fontWeight: 600,
    lineHeight: '16px',
    textAlign: 'center',
    background: vars.color.brand,
    color: vars.color.onBrand,
  },
]);
/** spec A4.8: the unread badge widens above 9. */
export const unreadWide = style({ minWidth: 22, right: -8 });
