// Styles shared by the project lifecycle views (paused card, dialogs, settings pages, backups).
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '32px 40px', maxWidth: 900, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, color: vars.color.muted });
const cardBase = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
} as const;
export const card = style(cardBase);
export const dangerCard = style({ ...cardBase, borderColor: vars.color.destructive });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.muted, lineHeight: 1.5 });
export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.lg, flexWrap: 'wrap' });
export const rowText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, flex: '1 1 320px' });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
export const facts = style({ display: 'flex', gap: vars.space.xxl, margin: 0, flexWrap: 'wrap' });
export const factLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const factValue = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, color: vars.color.foreground, fontFamily: vars.font.mono });
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  background: vars.color.warningSubtle,
  border: `1px solid ${vars.color.warning}`,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
});
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  background: vars.color.destructiveSubtle,
  border: `1px solid ${vars.color.destructive}`,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
});

// The paused card sits in the middle of the project page.
export const pausedWrap = style({ display: 'flex', justifyContent: 'center', padding: `${vars.space.xxl} ${vars.space.lg}` });
export const pausedCard = style({ ...cardBase, maxWidth: 560, width: '100%' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.md, color: vars.color.foreground });
export const th = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const td = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const currentRow = style({ background: vars.color.brandSubtle });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const legend = style({ fontSize: vars.fontSize.sm, color: vars.color.foreground, marginBottom: vars.space.sm, padding: 0 });
export const checkbox = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.md, color: vars.color.foreground, cursor: 'pointer' });
export const fieldError = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.destructive });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const list = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.md, color: vars.color.foreground, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
