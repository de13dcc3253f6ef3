/** spec A2.3: sheets close on a downward swipe beyond a threshold (default 100 px), otherwise snap back. */
export const SHEET_CLOSE_THRESHOLD_PX = 100;

/** True when a drag that moved `deltaY` px (positive = downward) should close the sheet. */
export function shouldCloseSheet(deltaY: number, threshold = SHEET_CLOSE_THRESHOLD_PX): boolean {
  return Number.isFinite(deltaY) && deltaY > threshold;
}

/** How far the sheet follows the finger: only downward; an upward drag keeps it in place. */
export function sheetDragOffset(deltaY: number): number {
  return Number.isFinite(deltaY) && deltaY > 0 ? deltaY : 0;
}
