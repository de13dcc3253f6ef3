import type { AnyRouter } from '@tanstack/react-router';

/**
 * True when a console path (without the /dashboard base path) is one of the router's pages — not a path that only
 * the not-found page answers (a layout like /project/{ref}/settings with no index page of its own).
 */
export function isRouterPage(router: Pick<AnyRouter, 'getMatchedRoutes'>, path: string): boolean {
  // A path no route matches in full is matched fuzzily: the deepest layout, with the unmatched rest under '**'.
  const [, rawParams, foundRoute] = router.getMatchedRoutes(path);
  return foundRoute !== undefined && foundRoute.id !== '__root__' && !Object.hasOwn(rawParams, '**');
}
