// spec A2.14: error pages and their wording.
export const ERROR_PAGE_MESSAGES = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
} as const;

export type ErrorPageCode = keyof typeof ERROR_PAGE_MESSAGES;

export const APPLICATION_ERROR_MESSAGE = 'Application error: a client-side exception has occurred';

export function errorPageMessage(code: number): string {
  return code in ERROR_PAGE_MESSAGES ? ERROR_PAGE_MESSAGES[code as ErrorPageCode] : APPLICATION_ERROR_MESSAGE;
}
