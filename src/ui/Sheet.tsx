import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import {
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { SHEET_CLOSE_THRESHOLD_PX, sheetDragOffset, shouldCloseSheet } from '../domain/gestures.ts';
import { Button } from './Button.tsx';
import { CloseIcon } from './Icon.tsx';
import * as styles from './Sheet.css.ts';

export interface SheetProps extends Omit<ModalOverlayProps, 'className' | 'children'> {
  /** The accessible name; shown as the header unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  side?: 'bottom' | 'left' | 'right';
  /** Downward swipe (px) beyond which a bottom sheet closes (spec A2.3, default 100). */
  closeThreshold?: number;
  children: ReactNode | ((api: { close: () => void }) => ReactNode);
}

/**
 * A sheet sliding in from an edge (mobile menu, side panels). A bottom sheet has a drag handle:
 * a downward swipe beyond the threshold closes it, a shorter one snaps back (spec A2.3).
 * Escape, outside press and the × button close it too.
 */
export function Sheet({
  title,
  hideTitle,
  side = 'bottom',
  closeThreshold = SHEET_CLOSE_THRESHOLD_PX,
  isDismissable = true,
  children,
  ...props
}: SheetProps) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const startY = useRef<number | null>(null);

  const endDrag = (event: PointerEvent<HTMLDivElement>, close: () => void) => {
    if (startY.current === null) return;
    const deltaY = event.clientY - startY.current;
    startY.current = null;
    setDragging(false);
    setOffset(0);
    if (shouldCloseSheet(deltaY, closeThreshold)) close();
  };

  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <Modal
        className={styles.sheet({ side })}
        style={{
          transform: offset > 0 ? `translateY(${offset}px)` : undefined,
          transition: dragging ? 'none' : 'transform 200ms ease-out',
        }}
      >
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              {side === 'bottom' ? (
                <div
                  className={styles.handleArea}
                  data-testid="sheet-handle"
                  aria-hidden
                  onPointerDown={(event) => {
                    startY.current = event.clientY;
                    setDragging(true);
                    event.currentTarget.setPointerCapture?.(event.pointerId);
                  }}
                  onPointerMove={(event) => {
                    if (startY.current !== null) setOffset(sheetDragOffset(event.clientY - startY.current));
                  }}
                  onPointerUp={(event) => endDrag(event, close)}
                  onPointerCancel={() => {
                    startY.current = null;
                    setDragging(false);
                    setOffset(0);
                  }}
                >
                  <span className={styles.handle} />
                </div>
              ) : null}
              <div className={styles.header}>
                <Heading slot="title" className={hideTitle ? styles.visuallyHidden : styles.title}>{title}</Heading>
                <Button variant="ghost" size="tiny" aria-label="Close" icon={<CloseIcon size={14} />} onPress={close} />
              </div>
              <div className={styles.body}>{typeof children === 'function' ? children({ close }) : children}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
