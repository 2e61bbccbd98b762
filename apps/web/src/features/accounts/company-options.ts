/** Company fields offered in setup and on the account page (values stored as these keys). */
export const INDUSTRIES = [
  'retail',
  'services',
  'education',
  'health',
  'realEstate',
  'finance',
  'technology',
  'food',
  'tourism',
  'other',
] as const;

export const EMPLOYEE_RANGES = ['1-10', '11-50', '51-200', '201-500', '501+'] as const;

export const GOALS = ['sales', 'support', 'marketing', 'automation', 'other'] as const;

/** Select options; an unknown stored value is kept as its own option. */
export function optionsWithValue(
  keys: readonly string[],
  label: (key: string) => string,
  current?: string | null,
): Array<{ value: string; label: string }> {
  const options = keys.map((key) => ({ value: key, label: label(key) }));
  if (current && !keys.includes(current)) options.push({ value: current, label: current });
  return options;
}
