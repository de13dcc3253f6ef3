// The Schema Visualizer's drawing (spec A2.6, issue 19): boxes and foreign-key curves in one SVG, panned by dragging,
// zoomed by the wheel (around the pointer) and by the keyboard (arrows pan, + and - zoom, 0 fits), and only what is
// in view is painted (src/domain/database/schema-layout.ts: visibleBoxes / visibleEdges), and zoomed far out a box
// shows its name only, so 200 tables stay smooth.
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { keyMarker, type GraphForeignKey, type GraphTable } from '../../../domain/database/schema-graph.ts';
import {
  BOX_HEADER,
  BOX_MAX_ROWS,
  BOX_ROW,
  fitTransform,
  viewportOf,
  visibleBoxes,
  visibleEdges,
  zoomAt,
  type Edge,
  type Layout,
  type Transform,
} from '../../../domain/database/schema-layout.ts';
import { clip } from '../../../domain/database/schema-svg.ts';
import { Button } from '../../../ui/Button.tsx';
import * as css from './SchemaVisualizer.css.ts';

const PAN_STEP = 60;
/** Below this zoom the column rows are too small to read: boxes are drawn with their names only (level of detail). */
const DETAIL_SCALE = 0.45;

export interface SchemaCanvasProps {
  schema: string;
  tables: readonly GraphTable[];
  fks: readonly GraphForeignKey[];
  layout: Layout;
  edges: readonly Edge[];
}

export function SchemaCanvas({ schema, tables, fks, layout, edges }: SchemaCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [transform, setTransform] = useState<Transform | null>(null);
  const [painted, setPainted] = useState(false);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  // The frame's size, kept up to date (the drawing fits it on first paint).
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = () => size && setTransform(fitTransform(layout, size.width, size.height));
  // A new layout (another schema) starts fitted: refit on a new layout (or the first measure), not on every resize.
  const refit = useEffectEvent(() => {
    if (size) setTransform(fitTransform(layout, size.width, size.height));
  });
  const measured = size !== null;
  useLayoutEffect(() => refit(), [layout, measured]);

  // Marks the first paint of this layout (the benchmark and tests wait for it).
  useEffect(() => {
    if (!transform) return;
    const id = requestAnimationFrame(() => {
      // The frame after the first paint of this layout: bench/schema-visualizer.ts reads this mark.
      performance.mark('schema-visualizer:painted');
      setPainted(true);
    });
    return () => cancelAnimationFrame(id);
  }, [transform]);

  // The wheel zooms; React's wheel listener is passive, so this one is added by hand to keep the page from scrolling.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * 0.0015);
      setTransform((t) => (t ? zoomAt(t, factor, event.clientX - rect.left, event.clientY - rect.top) : t));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const zoomCenter = (factor: number) => size && setTransform((t) => (t ? zoomAt(t, factor, size.width / 2, size.height / 2) : t));
  const onKeyDown = (event: KeyboardEvent) => {
    const pan = (dx: number, dy: number) => setTransform((t) => (t ? { ...t, x: t.x + dx, y: t.y + dy } : t));
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
      '+': () => zoomCenter(1.2),
      '=': () => zoomCenter(1.2),
      '-': () => zoomCenter(1 / 1.2),
      '0': fit,
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setTransform((t) => (t ? { ...t, x: t.x + dx, y: t.y + dy } : t));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  const view = transform && size ? viewportOf(transform, size.width, size.height) : null;
  const boxes = view ? visibleBoxes(layout.boxes, view) : [];
  const paths = view ? visibleEdges(edges, view) : [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  const detailed = (transform?.scale ?? 1) >= DETAIL_SCALE;

  return (
    <div
      ref={frame}
      className={css.canvas}
      data-testid="schema-canvas"
      data-painted={painted ? 'true' : undefined}
      data-dragging={dragging ? '' : undefined}
      tabIndex={0}
      role="group"
      aria-label={`Schema ${schema}: ${tables.length} tables, ${fks.length} foreign keys. Drag or use the arrow keys to pan; the wheel, + and - to zoom; 0 to fit.`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      {transform ? (
        <svg className={css.svg} aria-hidden="true">
          <g transform={`translate(${transform.x} ${transform.y}) scale(${transform.scale})`}>
            {paths.map((edge) => (
              <path key={edge.key} d={edge.d} className={css.edge} data-edge={edge.key} />
            ))}
            {boxes.map((box) => {
              const table = byName.get(box.name);
              const columns = table?.columns ?? [];
              return (
                <g key={box.name} transform={`translate(${box.x} ${box.y})`} data-table={box.name}>
                  <rect width={box.width} height={box.height} rx={6} className={css.box} />
                  <rect width={box.width} height={BOX_HEADER} rx={6} className={css.boxHeader} />
                  <text x={10} y={BOX_HEADER / 2 + 4} className={css.boxTitle}>{clip(box.name, 32)}</text>
                  {(detailed ? columns.slice(0, BOX_MAX_ROWS) : []).map((column, i) => {
                    const y = BOX_HEADER + i * BOX_ROW + BOX_ROW / 2 + 4;
                    return (
                      <g key={column.name}>
                        <text x={10} y={y} className={css.marker}>{table ? keyMarker(table, column, fks) : ''}</text>
                        <text x={44} y={y} className={css.columnName}>{clip(column.name, 16)}</text>
                        <text x={box.width - 10} y={y} textAnchor="end" className={css.columnType}>{clip(column.type, 14)}</text>
                      </g>
                    );
                  })}
                  {!detailed ? (
                    <text x={10} y={BOX_HEADER + 20} className={css.columnType}>{columns.length} columns</text>
                  ) : columns.length > BOX_MAX_ROWS ? (
                    <text x={10} y={BOX_HEADER + BOX_MAX_ROWS * BOX_ROW + BOX_ROW / 2 + 4} className={css.columnType}>+{columns.length - BOX_MAX_ROWS} more columns</text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      ) : null}
      <div className={css.zoom}>
        <Button variant="default" size="tiny" onPress={() => zoomCenter(1.2)}>Zoom in</Button>
        <Button variant="default" size="tiny" onPress={() => zoomCenter(1 / 1.2)}>Zoom out</Button>
        <Button variant="default" size="tiny" onPress={fit}>Fit to view</Button>
      </div>
    </div>
  );
}
