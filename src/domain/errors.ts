// Rules of the generic error alert (spec A2.14).

export const SERVICE_UNAVAILABLE_MESSAGE = '503 Service Temporarily Unavailable';
export const ERROR_ALERT_ADVICE =
  'Try refreshing your browser, but if the issue persists for more than a few minutes, please reach out to us via support.';

/** The message shown after 'Error: '; any message mentioning 503 reads as the 503 status line. */
export function errorAlertMessage(message: string): string {
  return message.includes('503') ? SERVICE_UNAVAILABLE_MESSAGE : message;
}

export interface SupportLinkParams {
  category: string;
  projectRef?: string;
  subject?: string;
  error?: string;
  message?: string;
}

/**
 * Href of the support form prefilled with the given fields, in a fixed order; empty fields are left out.
 * `basePath` is the console's base (spec A2.1); pass '' when the router adds it itself.
 */
export function supportLink(params: SupportLinkParams, basePath = '/dashboard'): string {
  const query = new URLSearchParams();
  const entries: [string, string | undefined][] = [
    ['category', params.category],
    ['projectRef', params.projectRef],
    ['subject', params.subject],
    ['error', params.error],
    ['message', params.message],
  ];
  for (const [key, value] of entries) if (value) query.set(key, value);
  const search = query.toString();
  return `${basePath}/support/new${search ? `?${search}` : ''}`;
}

/**
 * The text a failure shows: the error's own message (what the platform said, shown verbatim), a thrown string as it
 * is, otherwise the fallback that screen gives for that failure.
 */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string' && message !== '') return message;
  return typeof error === 'string' && error !== '' ? error : fallback;
}
