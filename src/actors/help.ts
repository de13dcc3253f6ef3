// Effects of the header's help tools (issue 21), as tasks (machines/task.machine.ts).
import { taskWith } from '../../machines/task.machine.ts';
import { fetchAssistantStatus, fetchCliRelease, sendAssistantChat, sendFeedback, type FeedbackBody } from '../api/help.ts';
import type { AssistantMessage } from '../domain/assistant.ts';

export const assistantStatusRead = taskWith(() => fetchAssistantStatus());

/** One turn: the conversation so far goes up, the assistant's answer comes back. */
export const assistantChatTask = taskWith(async (input: { ref?: string; messages: AssistantMessage[] }) => (await sendAssistantChat(input)).message);

export const feedbackSendTask = taskWith(async (body: FeedbackBody) => {
  await sendFeedback(body);
  return 'Thanks for your feedback!';
});

export const cliReleaseRead = taskWith(() => fetchCliRelease());
