import { useRef } from 'react';

/**
 * What a dialog or drawer shows: `value` while it is open and, once closed, the value it was last
 * open with, for as long as it fades out. A caller that clears what the dialog is about as it closes
 * (`opened={item !== null}` with `item?.name` inside) then neither blanks nor changes it mid-fade;
 * each opening shows its own value. `opened` defaults to `value` being set.
 */
export function useKeptWhileClosing<T>(value: T, opened: boolean = value !== null && value !== undefined): T {
  const kept = useRef(value);
  if (opened) kept.current = value;
  return kept.current;
}
