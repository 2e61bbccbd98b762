import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a field being typed in (the editor's shortcuts leave it alone). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * The editor's keyboard: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, Ctrl/⌘+C copy, Ctrl/⌘+V
 * paste (not while typing in a field, where they keep their usual meaning).
 */
export function useEditorKeys(handlers: {
  undo: () => void;
  redo: () => void;
  copy: () => void;
  paste: () => void;
}) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      const h = ref.current;
      if (key === 'z' && !e.shiftKey) h.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') h.redo();
      else if (key === 'c') h.copy();
      else if (key === 'v') h.paste();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
