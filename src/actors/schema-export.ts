// The Schema Visualizer's downloads (issue 19): the DDL as a .sql file, the drawing as .svg, and as .png painted from
// the SVG on a canvas (capped at 16k pixels a side, Chromium's canvas limit). Effects, so they live with the actors
// (issue 15); the PNG, which takes a while, runs as a task the page shows pending and toasts on failure.
import { taskWith } from '../../machines/task.machine.ts';
import { saveBlob as save } from './save-blob.ts';

const MAX_CANVAS = 16_000;

export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'schema';

export const downloadText = (text: string, filename: string, type: string): void => save(new Blob([text], { type }), filename);

export async function downloadPng(svg: string, width: number, height: number, filename: string): Promise<void> {
  const scale = Math.min(2, MAX_CANVAS / Math.max(width, height, 1));
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(width * scale));
    canvas.height = Math.max(1, Math.floor(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot paint the image');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The image is too large to export as PNG; export it as SVG instead');
    save(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export interface SchemaPngRequest {
  svg: string;
  width: number;
  height: number;
  filename: string;
}
export const schemaPngTask = taskWith(({ svg, width, height, filename }: SchemaPngRequest) => downloadPng(svg, width, height, filename));
