// A small history router: the app has a handful of routes and needs no library for them.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

function subscribe(fn: () => void): () => void {
  window.addEventListener('popstate', fn);
  return () => window.removeEventListener('popstate', fn);
}

const snapshot = (): string => window.location.pathname + window.location.search;

/** The current path with its query string; re-renders on navigation. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, snapshot, () => '/');
}

export function navigate(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo?.(0, 0);
}

/** Match '/table/:id' against a pathname; returns the params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const a = pathname.split('?')[0]!.split('/').filter(Boolean);
  if (p.length !== a.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg.startsWith(':')) out[seg.slice(1)] = decodeURIComponent(a[i]!);
    else if (seg !== a[i]) return null;
  }
  return out;
}

/** The last ':param' of the current URL matching a pattern (for pages that take no props). */
export function routeParam(pattern: string, name: string): string | undefined {
  return matchPath(pattern, window.location.pathname)?.[name];
}

export function queryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={onClick} {...rest} />;
}
