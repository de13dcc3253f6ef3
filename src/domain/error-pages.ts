// spec A2.14: error pages and their wording.
import { ORG_SLUG_PATTERN, PROJECT_REF_PATTERN } from './shared-constants.ts';

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

/**
 * A request the console refuses before asking the platform: an address whose parameter cannot be what it names
 * (a malformed project ref or organization slug). Shown as the 400 page of spec A2.14, not as 'not found'.
 */
export class BadRequestError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** The self-hosted home's project ref (spec A2.2 /project/default). */
export const DEFAULT_PROJECT_REF = 'default';

/** Route params checked before any request (spec A2.14 400): throws BadRequestError when malformed. */
export function assertProjectRefParam(ref: string): void {
  if (ref !== DEFAULT_PROJECT_REF && !PROJECT_REF_PATTERN.test(ref)) throw new BadRequestError(`'${ref}' is not a project ref`);
}

export function assertOrgSlugParam(slug: string): void {
  if (!ORG_SLUG_PATTERN.test(slug)) throw new BadRequestError(`'${slug}' is not an organization slug`);
}
