import { useState } from 'react';
import { notify, type TToastText } from '../app/notify';

/**
 * A list page's editor dialog and delete confirmation: the item open in each ('new' in the editor
 * for a new one), and what follows a save (the toast, the dialog closes, the list refreshes).
 */
export function useListEditor<T>(refresh: () => Promise<unknown>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    opened: editing !== null,
    /** The item being edited; null for a new one. */
    current: editing === 'new' ? null : editing,
    edit: (item: T | 'new') => setEditing(item),
    close: () => setEditing(null),
    saved: async (message: TToastText) => {
      notify({ color: 'green', message });
      setEditing(null);
      await refresh();
    },
    deleting,
    askDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
  };
}
