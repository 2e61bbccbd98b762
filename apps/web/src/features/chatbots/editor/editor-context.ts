import { createContext, useContext } from 'react';
import type { TFlowDocument } from '@atende/shared';
import type { TSelection } from './use-flow-state';

/** What the canvas's nodes read besides their own data: selection, issues, and how to select. */
export interface TEditorContext {
  doc: TFlowDocument;
  selection: TSelection;
  select: (selection: TSelection) => void;
  /** Block ids (and group/event ids) that have a publishing issue. */
  broken: Set<string>;
}

export const EditorContext = createContext<TEditorContext | null>(null);

export function useEditorContext(): TEditorContext {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('EditorContext missing');
  return ctx;
}
