// The header's help tools (issue 21): the assistant's proxy, the feedback widget, the command-line release check.
import type { AssistantMessage, AssistantStatus } from '../domain/assistant.ts';
import type { CliRelease } from '../domain/cli-release.ts';
import { api } from './client.ts';

export const fetchAssistantStatus = () => api.get('platform/assistant/status').json<AssistantStatus>();
export const sendAssistantChat = (body: { ref?: string; messages: AssistantMessage[] }) =>
  api.post('platform/assistant/chat', { json: body, timeout: 70_000 }).json<{ message: AssistantMessage }>();

export interface FeedbackBody {
  message: string;
  pathname: string;
  projectRef?: string;
  orgSlug?: string;
  screenshot?: string | null;
}
export const sendFeedback = (body: FeedbackBody) => api.post('platform/feedback/send', { json: body }).json<{ id: string }>();

export const fetchCliRelease = () => api.get('cli-release-version').json<CliRelease>();
