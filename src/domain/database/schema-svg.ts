// The Schema Visualizer's image export (spec A2.6, issue 19): the whole laid-out schema as one standalone SVG
// document (fixed colours, so it reads the same outside the console; the PNG export paints this SVG on a canvas).
// Every text is XML-escaped: table and column names are the member's own.
import { BOX_HEADER, BOX_MAX_ROWS, BOX_ROW, type Edge, type Layout } from './schema-layout.ts';
import { keyMarker, type GraphForeignKey, type GraphTable } from './schema-graph.ts';

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A label cut to fit a box (the full text stays in the SQL export). */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const COLORS = { background: '#1c1c1c', box: '#262626', header: '#333333', border: '#4d4d4d', text: '#ededed', muted: '#a0a0a0', key: '#3ecf8e', edge: '#7c7c7c' };

export function schemaSvg(tables: readonly GraphTable[], fks: readonly GraphForeignKey[], layout: Layout, edgeList: readonly Edge[], padding = 24): string {
  const width = Math.ceil(layout.width + 2 * padding);
  const height = Math.ceil(layout.height + 2 * padding);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-monospace, Menlo, monospace" font-size="12">`,
    `<rect width="100%" height="100%" fill="${COLORS.background}"/>`,
    `<g transform="translate(${padding} ${padding})">`,
  ];
  for (const edge of edgeList) parts.push(`<path d="${edge.d}" fill="none" stroke="${COLORS.edge}" stroke-width="1.5"/>`);
  for (const box of layout.boxes) {
    const table = byName.get(box.name);
    parts.push(`<g transform="translate(${box.x} ${box.y})">`);
    parts.push(`<rect width="${box.width}" height="${box.height}" rx="6" fill="${COLORS.box}" stroke="${COLORS.border}"/>`);
    parts.push(`<rect width="${box.width}" height="${BOX_HEADER}" rx="6" fill="${COLORS.header}"/>`);
    parts.push(`<text x="10" y="${BOX_HEADER / 2 + 4}" fill="${COLORS.text}" font-weight="600">${escapeXml(clip(box.name, 32))}</text>`);
    const columns = table?.columns ?? [];
    columns.slice(0, BOX_MAX_ROWS).forEach((column, i) => {
      const y = BOX_HEADER + i * BOX_ROW + BOX_ROW / 2 + 4;
      const marker = table ? keyMarker(table, column, fks) : '';
      parts.push(`<text x="10" y="${y}" fill="${COLORS.key}" font-size="10">${marker}</text>`);
      parts.push(`<text x="44" y="${y}" fill="${COLORS.text}">${escapeXml(clip(column.name, 16))}</text>`);
      parts.push(`<text x="${box.width - 10}" y="${y}" fill="${COLORS.muted}" text-anchor="end">${escapeXml(clip(column.type, 14))}</text>`);
    });
    if (columns.length > BOX_MAX_ROWS) {
      parts.push(`<text x="10" y="${BOX_HEADER + BOX_MAX_ROWS * BOX_ROW + BOX_ROW / 2 + 4}" fill="${COLORS.muted}">+${columns.length - BOX_MAX_ROWS} more columns</text>`);
    }
    parts.push('</g>');
  }
  parts.push('</g></svg>');
  return parts.join('\n');
}
