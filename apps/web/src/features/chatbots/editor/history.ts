/**
 * Undo/redo of the flow document: a list of past documents, the present one and the undone ones.
 * Pure (the editor keeps it in a reducer); edits of the same `key` in quick succession (typing in
 * a field, dragging a group) make one step.
 */
export interface THistory<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key and time of the last edit, to merge a burst of the same edit into one step. */
  last: { key: string; at: number } | null;
}

export const HISTORY_LIMIT = 100;
/** Edits of the same key closer than this make one undo step. */
export const MERGE_WINDOW_MS = 800;

export function startHistory<T>(present: T): THistory<T> {
  return { past: [], present, future: [], last: null };
}

/** The next state after an edit; `key` (e.g. 'block:<id>:text') merges a burst of the same edit. */
export function pushHistory<T>(h: THistory<T>, next: T, key?: string, now = Date.now()): THistory<T> {
  if (next === h.present) return h;
  const merge = key !== undefined && h.last?.key === key && now - h.last.at < MERGE_WINDOW_MS;
  const past = merge ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: key === undefined ? null : { key, at: now } };
}

export function undoHistory<T>(h: THistory<T>): THistory<T> {
  const previous = h.past[h.past.length - 1];
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], last: null };
}

export function redoHistory<T>(h: THistory<T>): THistory<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest, last: null };
}
