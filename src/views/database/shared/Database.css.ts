import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { codeBlock } from '../../../ui/CodeBlock.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '4px 0 0' });
export const headerActions = style({ display: 'flex', gap: 8, flexWrap: 'wrap' });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' });
export const schema = style({ minWidth: 180 });
export const search = style({ minWidth: 240, flex: '1 1 240px', maxWidth: 420 });
export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: vars.color.foreground });
export const th = style({
  textAlign: 'left',
  fontWeight: 500,
  color: vars.color.muted,
  padding: '8px 14px',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const td = style({ padding: '8px 14px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: 12, wordBreak: 'break-word' });
export const muted = style({ color: vars.color.muted, fontSize: 13 });
export const rowActions = style({ display: 'flex', gap: 6, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const row = style({ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' });
export const grow = style({ flex: '1 1 200px', minWidth: 0 });
export const fieldset = style({ border: `1px solid ${vars.color.border}`, borderRadius: 6, padding: '8px 12px', margin: 0, color: vars.color.foreground, fontSize: 13 });
export const legend = style({ padding: '0 4px', color: vars.color.foreground, fontSize: 13 });
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: 6, color: vars.color.foreground, fontSize: 13 });
export const checks = style({ display: 'flex', flexWrap: 'wrap', gap: '6px 16px' });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
export const sql = style([codeBlock, { maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }]);
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });
export const editor = style({ border: `1px solid ${vars.color.border}`, borderRadius: 6, overflow: 'hidden', minHeight: 160 });
export const label = style({ fontSize: 13, color: vars.color.foreground });
