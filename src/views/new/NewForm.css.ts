import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The creation forms of /new and /new/{orgSlug}: one centred panel.
export const page = style({ padding: `${vars.space.xxl} ${vars.space.xl}`, display: 'flex', justifyContent: 'center' });
export const panel = style({
  width: '100%',
  maxWidth: 640,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
});
export const header = style({ padding: `${vars.space.lg} ${vars.space.xl}`, borderBottom: `1px solid ${vars.color.border}` });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const lead = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, color: vars.color.muted });
export const body = style({ padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const footer = style({
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end' });
export const grow = style({ flex: 1, minWidth: 0 });
export const fixed = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fixedLabel = style({ fontSize: vars.fontSize.md, color: vars.color.foreground });
export const fixedValue = style({ fontSize: vars.fontSize.md, color: vars.color.muted, fontFamily: vars.font.mono });
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  background: vars.color.destructiveSubtle,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.destructive}`,
  fontSize: vars.fontSize.md,
});
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });

// Password meter: four segments filled up to the score.
export const meter = style({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: vars.space.xs, marginTop: vars.space.xs });
export const segment = style({ height: 4, borderRadius: vars.radii.full, background: vars.color.border });
export const segmentFill = styleVariants({
  weak: { background: vars.color.destructive },
  fair: { background: vars.color.warning },
  strong: { background: vars.color.brand },
});
export const meterMessage = styleVariants({
  weak: { fontSize: vars.fontSize.sm, color: vars.color.destructive, margin: `${vars.space.xs} 0 0` },
  fair: { fontSize: vars.fontSize.sm, color: vars.color.warning, margin: `${vars.space.xs} 0 0` },
  strong: { fontSize: vars.fontSize.sm, color: vars.color.brandText, margin: `${vars.space.xs} 0 0` },
});
