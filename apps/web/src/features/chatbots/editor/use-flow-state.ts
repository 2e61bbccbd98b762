import { useCallback, useReducer, useState } from 'react';
import type { TFlowDocument } from '@atende/shared';
import { pushHistory, redoHistory, startHistory, type THistory, undoHistory } from './history';

/** What the side panel shows: a block, a group, an event, or (null) the flow's variables and settings. */
export type TSelection = { kind: 'block' | 'group' | 'event'; id: string } | null;

type TAction =
  | { type: 'edit'; fn: (doc: TFlowDocument) => TFlowDocument; key?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; doc: TFlowDocument };

function reducer(h: THistory<TFlowDocument>, action: TAction): THistory<TFlowDocument> {
  switch (action.type) {
    case 'edit':
      return pushHistory(h, action.fn(h.present), action.key);
    case 'undo':
      return undoHistory(h);
    case 'redo':
      return redoHistory(h);
    case 'reset':
      return startHistory(action.doc);
  }
}

/** The editor's document with undo/redo, and what is selected. */
export function useFlowState(initial: TFlowDocument) {
  const [history, dispatch] = useReducer(reducer, initial, startHistory);
  const [selection, setSelection] = useState<TSelection>(null);
  const edit = useCallback(
    (fn: (doc: TFlowDocument) => TFlowDocument, key?: string) => dispatch({ type: 'edit', fn, key }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((doc: TFlowDocument) => dispatch({ type: 'reset', doc }), []);
  return {
    doc: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    edit,
    undo,
    redo,
    reset,
    selection,
    select: setSelection,
  };
}

export type TFlowState = ReturnType<typeof useFlowState>;
