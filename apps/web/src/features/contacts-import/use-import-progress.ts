import { useEffect, useState } from 'react';
import type { TContactImport, TImportStatus } from '@atende/shared';
import { getImport } from './import-api';
import { joinAttendance } from '../../app/socket';

/** The server event with an import's status (its payload is a TContactImport). */
export const IMPORT_PROGRESS_EVENT = 'contacts-import:progress';

const FINISHED: readonly TImportStatus[] = ['completed', 'failed', 'cancelled'];
/** While the socket is down the status is read over HTTP at this pace. */
export const POLL_MS = 3000;
/** Even with the socket up, a status older than this is read again (a lost event never stalls the page). */
const STALE_MS = 15_000;

export const isFinished = (status: TImportStatus) => FINISHED.includes(status);

/** The newer of two states of one import (socket events and HTTP answers may cross). */
export function newerImport(prev: TContactImport, next: TContactImport): TContactImport {
  if (next._id !== prev._id) return prev;
  if (isFinished(prev.status)) return isFinished(next.status) ? next : prev;
  if (isFinished(next.status)) return next;
  return next.processed >= prev.processed ? next : prev;
}

/**
 * The live status of an import: 'contacts-import:progress' events of the /attendance socket, a
 * read on every (re)connection (events sent before it are not lost) and HTTP polling while the
 * socket is down. Stops listening once the import has finished.
 */
export function useImportProgress(acc: string, userId: string, initial: TContactImport) {
  const [current, setCurrent] = useState(initial);
  const finished = isFinished(current.status);
  const id = initial._id;

  useEffect(() => {
    if (finished) return;
    let alive = true;
    let lastUpdate = Date.now();
    const apply = (next: TContactImport) => {
      if (!alive || next?._id !== id) return;
      lastUpdate = Date.now();
      setCurrent((prev) => newerImport(prev, next));
    };
    const refresh = () => {
      getImport(acc, id).then(apply, () => undefined);
    };
    const socket = joinAttendance(acc, userId);
    socket.on(IMPORT_PROGRESS_EVENT, apply);
    socket.on('connect', refresh);
    const timer = setInterval(() => {
      if (!socket.connected || Date.now() - lastUpdate > STALE_MS) refresh();
    }, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      socket.disconnect();
    };
  }, [acc, userId, id, finished]);

  const update = (next: TContactImport) => setCurrent((prev) => newerImport(prev, next));
  return [current, update] as const;
}
