// The AI assistant of the Help popover and the header toggle (issue 21, spec A2.3): a chat named 'Support' with
// suggested prompts. The platform proxies it to an OpenAI-compatible endpoint the operator configures.

/** spec A2.3: the chat the Help popover starts. */
export const ASSISTANT_CHAT_NAME = 'Support';

export const ASSISTANT_SUGGESTED_PROMPTS = [
  'How do I connect to my database from my app?',
  'Which tables in my project have no row level security?',
  'Write a SQL query that lists my largest tables',
  'How do I reset my database password?',
] as const;

/** What the operator sets (README "Configuration"); shown by the panel when the assistant is not configured. */
export const ASSISTANT_ENV = {
  url: 'STRATA_ASSISTANT_URL',
  model: 'STRATA_ASSISTANT_MODEL',
  key: 'STRATA_ASSISTANT_API_KEY',
} as const;

export const ASSISTANT_NOT_CONFIGURED =
  `The assistant is not configured. Set ${ASSISTANT_ENV.url} (an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1), ` +
  `${ASSISTANT_ENV.model} and, if the endpoint needs one, ${ASSISTANT_ENV.key} in the platform's environment, then restart it.`;

export const ASSISTANT_MAX_MESSAGES = 40;
export const ASSISTANT_MAX_MESSAGE_CHARS = 8000;

export interface AssistantMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantStatus {
  configured: boolean;
  model: string | null;
}
