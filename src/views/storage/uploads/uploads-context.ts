// The upload queue actor, shared by UploadsProvider with the explorer's hooks.
import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UploadQueueMachine } from '../../../../machines/upload-queue.machine.ts';
import type { UploadRequest } from './useUploads.ts';

export const UploadsContext = createContext<ActorRefFrom<UploadQueueMachine> | null>(null);

/**
 * The signed-in layout's lazy host of the queue (src/views/storage/uploads/LazyUploadsProvider.tsx): the queue's code loads when
 * a page that uploads first asks for it (issue 15), and requests made before it is ready are handed over once it is.
 */
export interface UploadsLoader {
  load(): void;
  enqueue(request: UploadRequest): void;
}

export const UploadsLoaderContext = createContext<UploadsLoader | null>(null);
