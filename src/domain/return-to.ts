// Where to go after signing in: only same-app paths are followed (no open redirect through ?returnTo=).
export function safeReturnTo(target: string | undefined | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  return target.replace(/^\/dashboard(?=\/|$|\?)/, '') || '/';
}
