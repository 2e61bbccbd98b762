import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from './client';

/**
 * A search term folded the way the search indexes are (lower case, accents removed) by the
 * database function public.contacts_fold, so a typed "joão" finds "Joao".
 */
export async function foldSearchText(db: TDb, text: string): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await db.execute(sql`select public.contacts_fold(${text}) as v`));
  return row.v;
}
