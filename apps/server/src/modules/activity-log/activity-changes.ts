/** A value the activity log shows as it was: short text, a number, yes/no, or nothing. */
export type TShownValue = string | number | boolean | null;

/** One field that changed; both values when they are short enough to show (never secrets). */
export type TFieldChange = { field: string; from?: TShownValue; to?: TShownValue };

const SHOWN_MAX = 80;

function shown(value: unknown): TShownValue | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value.length <= SHOWN_MAX ? value : undefined;
  return undefined;
}

/**
 * The fields (of `fields`, in that order) whose values differ between two versions of a record,
 * compared by value (objects and lists too). Long texts and structured values are reported as
 * changed without their values.
 */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): TFieldChange[] {
  const changes: TFieldChange[] = [];
  for (const field of fields) {
    const from = before[field];
    const to = after[field];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) continue;
    const a = shown(from);
    const b = shown(to);
    changes.push(a === undefined || b === undefined ? { field } : { field, from: a, to: b });
  }
  return changes;
}
