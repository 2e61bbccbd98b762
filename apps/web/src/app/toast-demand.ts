import { useSyncExternalStore } from 'react';

/**
 * Whether the toast container is needed yet. The sign-in page shows no toasts, so it does not load
 * @mantine/notifications (~11 kB gzip) until something calls notify() (app/notify.ts) or a user is
 * signed in (app/providers.tsx). Toasts shown before the container mounts still appear.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}
