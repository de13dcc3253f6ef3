import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const content = style({ flex: 1, minWidth: 0, overflowY: 'auto', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xl, maxWidth: 960 });
export const head = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, color: vars.color.muted });
export const warning = style([text, { color: vars.color.warning }]);
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', fontSize: vars.fontSize.sm, color: vars.color.foreground, fontWeight: vars.fontWeight.medium });
export const valueRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
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
export const status = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.md, color: vars.color.foreground });
export const cell = style({ textAlign: 'left', padding: `${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', gap: vars.space.xs, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 520 });
