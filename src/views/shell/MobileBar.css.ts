import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const bar = style({
  height: 48,
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '0 12px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const title = style({ flex: 1, fontSize: 14, color: vars.color.foreground, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** The header's controls at the top of the menu sheet (issue 24). */
export const sheetControls = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 4,
  paddingBottom: 8,
  marginBottom: 8,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const sheetIcons = style({ display: 'flex', gap: 4 });
