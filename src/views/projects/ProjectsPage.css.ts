import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '32px 40px', maxWidth: 1200 });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm, marginTop: vars.space.xl });
export const search = style({ flex: '1 1 240px', maxWidth: 320 });
export const select = style({ minWidth: 150 });
export const toggles = style({ display: 'flex', marginLeft: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radii.md, overflow: 'hidden' });
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: 'transparent',
  color: vars.color.muted,
  border: 'none',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: vars.space.md, marginTop: vars.space.lg, padding: 0, listStyle: 'none' });
export const list = style({ display: 'flex', flexDirection: 'column', marginTop: vars.space.lg, padding: 0, listStyle: 'none', border: `1px solid ${vars.color.border}`, borderRadius: vars.radii.lg, overflow: 'hidden' });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: 110,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  color: vars.color.foreground,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 2fr) 1fr 1fr minmax(180px, 1fr)',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.foreground,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    'li:first-child > &': { borderTop: 'none' },
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});
export const name = style({ fontSize: vars.fontSize.base, fontWeight: 500, margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const cardFooter = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, marginTop: 'auto' });
export const sentinel = style({ height: 1 });
export const failure = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.destructive}`,
  borderRadius: vars.radii.lg,
  background: vars.color.destructiveSubtle,
  color: vars.color.foreground,
  fontSize: vars.fontSize.base,
});
export const failureText = style({ flex: 1 });
export const status = style({ marginTop: vars.space.md, fontSize: vars.fontSize.sm, color: vars.color.muted });
