// Who is signed in, shared by the header badge, the account pages and the player's page: fetched
// once, refreshed after a sign-in, a sign-out or a change.
import { useSyncExternalStore } from 'react';
import { accountApi, type Me } from './account-api.js';

/** undefined: not known yet; null: a guest. */
let current: Me | null | undefined;
let loading: Promise<Me | null> | null = null;
const listeners = new Set<() => void>();

function set(v: Me | null): void {
  current = v;
  for (const l of listeners) l();
}

export function refreshMe(): Promise<Me | null> {
  loading = accountApi.me().then(
    (me) => (set(me), me),
    () => {
      // A guest (401) — or a server that does not answer now: treated as a guest, nothing breaks.
      set(null);
      return null;
    },
  );
  return loading;
}

/** The signed-in account (or null), fetching it the first time. */
export function loadMe(): Promise<Me | null> {
  if (current !== undefined) return Promise.resolve(current);
  return loading ?? refreshMe();
}

export function useMe(): Me | null | undefined {
  const me = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => current,
    () => undefined,
  );
  if (me === undefined && !loading) void refreshMe();
  return me;
}
