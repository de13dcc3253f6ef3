import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: vars.space.md,
});
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });
export const grow = style({ flex: 1, minWidth: '140px' });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const sectionTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.muted, margin: 0 });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
});
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const pickRow = style({
  display: 'flex',
  gap: vars.space.sm,
  width: '100%',
  textAlign: 'left',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  background: vars.color.surface,
  color: vars.color.foreground,
  cursor: 'pointer',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceHover } },
});
export const modeGroup = style({ display: 'flex', gap: vars.space.xs });
export const fieldLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const nativeSelect = style({
  height: '30px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radii.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
});
export const textarea = style({
  width: '100%',
  minHeight: '240px',
  padding: vars.space.sm,
  borderRadius: vars.radii.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.foreground,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  resize: 'vertical',
});
