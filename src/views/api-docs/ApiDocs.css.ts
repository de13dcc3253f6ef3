import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const layout = style({ display: 'flex', minHeight: 0, height: '100%', width: '100%' });
export const nav = style({
  width: 220,
  flexShrink: 0,
  borderRight: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  overflowY: 'auto',
  '@media': { 'screen and (max-width: 767px)': { width: 'auto', borderRight: 'none', borderBottom: `1px solid ${vars.color.border}` } },
});
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const navItem = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radii.sm,
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&[aria-current="true"], &[aria-current="page"]': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});
export const navHeading = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.muted, textTransform: 'uppercase', letterSpacing: '0.04em' });
export const content = style({ flex: 1, minWidth: 0, overflowY: 'auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const wrap = style({ '@media': { 'screen and (max-width: 767px)': { flexDirection: 'column' } } });
export const toolbar = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, color: vars.color.muted });
export const warning = style([text, { color: vars.color.warning }]);
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.foreground, fontWeight: vars.fontWeight.medium });
export const valueRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const value = style({
  flex: 1,
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  background: vars.color.surface,
  color: vars.color.foreground,
  overflowWrap: 'anywhere',
});
export const code = style({
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
  overflowX: 'auto',
  whiteSpace: 'pre',
});
export const snippetHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.md, color: vars.color.foreground });
export const cell = style({ textAlign: 'left', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}` });
export const select = style({
  fontSize: vars.fontSize.md,
  padding: vars.space.xs,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.sm,
});
export const links = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', fontSize: vars.fontSize.md });
export const link = style({ color: vars.color.brandText });
export const input = style([value, { font: 'inherit', fontFamily: vars.font.mono }]);
/** The side panel (B2.5, C9: 30–50 % of the width). */
export const panel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: '40vw',
  minWidth: '30vw',
  maxWidth: '50vw',
  background: vars.color.background,
  borderLeft: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.modal,
  display: 'flex',
  flexDirection: 'column',
  zIndex: 50,
  '@media': { 'screen and (max-width: 767px)': { width: '100vw', minWidth: 0, maxWidth: '100vw' } },
});
export const panelHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: vars.space.md, borderBottom: `1px solid ${vars.color.border}` });
