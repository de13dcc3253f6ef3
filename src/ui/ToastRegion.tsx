import {
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type UNSTABLE_ToastQueue,
} from 'react-aria-components';
import { Button } from './Button.tsx';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from './Icon.tsx';
import { attachToastQueue, type ToastContent } from './toast.ts';
import { toasts } from './toast-queue.ts';

import * as styles from './ToastRegion.css.ts';

// The region renders the app-wide queue: toasts asked for from now on go to it at once.
attachToastQueue(toasts);

const ICONS = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon } as const;

export interface ToastRegionProps {
  /** Defaults to the app-wide `toasts` queue; tests may pass their own. */
  queue?: UNSTABLE_ToastQueue<ToastContent>;
}

/**
 * Renders the toast queue once, near the root. F6 moves focus into the region; errors are announced
 * assertively (role alert), success and info politely (role status).
 */
export function ToastRegion({ queue = toasts }: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} className={styles.region} aria-label="Notifications">
      {({ toast }) => {
        const { kind, message, description, actions, live: Live, closable = true } = toast.content;
        const Icon = ICONS[kind];
        return (
          <AriaToast toast={toast} className={styles.toast({ kind })} data-kind={kind}>
            <Icon size={16} className={styles.icon({ kind })} />
            <AriaToastContent className={styles.content} role={kind === 'error' ? 'alert' : 'status'}>
              <Text slot="title" className={styles.message}>{message}</Text>
              {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
              {Live ? <Live /> : null}
              {actions && actions.length > 0 ? (
                <div className={styles.actions}>
                  {actions.map((action, index) => (
                    <Button
                      key={action.label}
                      size="tiny"
                      variant={index === actions.length - 1 ? 'primary' : 'default'}
                      onPress={() => {
                        queue.close(toast.key);
                        action.onAction();
                      }}
                    >
                      {action.label}
                    </Button>
                  ))}
                </div>
              ) : null}
            </AriaToastContent>
            {closable ? <Button slot="close" variant="ghost" size="tiny" icon={<CloseIcon size={14} />} /> : null}
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}

/** Alias used by the root route. */
export const Toasts = ToastRegion;
