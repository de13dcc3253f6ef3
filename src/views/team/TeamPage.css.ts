import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const headerRow = style({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' });

// Below 640 CSS px (a phone, or 200 % zoom on a laptop) the tables' four columns made the page scroll sideways with
// Leave off-screen (issue 24): each member or invitation becomes a block — who on the first line, then the role,
// the date and the actions, wrapping within the width. The header cells stay for screen readers.
const NARROW = 'screen and (max-width: 640px)';
export const narrowTable = style({ '@media': { [NARROW]: { display: 'block' } } });
export const narrowHead = style({
  '@media': { [NARROW]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } },
});
export const narrowBody = style({ '@media': { [NARROW]: { display: 'block' } } });
export const narrowRow = style({
  '@media': {
    [NARROW]: {
      display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px', padding: '10px 12px',
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  marginTop: 12,
  fontSize: 13,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  overflow: 'hidden',
});
export const th = style({
  textAlign: 'left',
  fontWeight: 500,
  color: vars.color.muted,
  fontSize: 12,
  padding: '8px 12px',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const td = style({
  padding: '10px 12px',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.foreground,
  verticalAlign: 'middle',
  '@media': { [NARROW]: { display: 'block', padding: 0, border: 'none', minWidth: 0, overflowWrap: 'anywhere' } },
});
/** Who: a line of its own on a narrow screen. */
export const whoCell = style({ '@media': { [NARROW]: { flexBasis: '100%' } } });
/** The actions go to the end of the line. */
export const actionsCell = style({ '@media': { [NARROW]: { marginLeft: 'auto' } } });
export const email = style({ fontWeight: 500 });
export const username = style({ color: vars.color.muted, fontSize: 12 });
export const actions = style({ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'center' });
export const roleSelect = style({ minWidth: 150, '@media': { [NARROW]: { minWidth: 0 } } });
export const notice = style({
  marginTop: 16,
  padding: '8px 12px',
  borderRadius: 6,
  background: vars.color.brandSubtle,
  color: vars.color.foreground,
  fontSize: 13,
});
export const alert = style({
  marginTop: 16,
  padding: '8px 12px',
  borderRadius: 6,
  background: vars.color.destructiveSubtle,
  color: vars.color.foreground,
  fontSize: 13,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: 12 });
export const footer = style({ display: 'flex', gap: 8, justifyContent: 'flex-end' });
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
