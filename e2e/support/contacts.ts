import type { Page } from 'playwright-core';

/** A column of the leads board by its (visible) phase name. */
export function leadColumn(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** The count shown in a board column's header. */
export async function columnCount(page: Page, name: string): Promise<string> {
  return (await leadColumn(page, name).getByTestId('lead-column-count').textContent()) ?? '';
}
