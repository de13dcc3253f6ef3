// The upload queue actor, shared by UploadsProvider with the explorer's hooks.
import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UploadQueueMachine } from '../../../../machines/upload-queue.machine.ts';

export const UploadsContext = createContext<ActorRefFrom<UploadQueueMachine> | null>(null);
