import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** Primary key: UUID v7 (time-ordered, never guessable as a sequence). */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tsColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const newId = () => uuidv7();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is a UUID (checked before it reaches a uuid column, or is written into a statement). */
export const isUuid = (value: string) => UUID.test(value);
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** True when a patch sets nothing (an empty SET is an SQL error, not a no-op). */
export function isEmptyPatch(patch: object): boolean {
  return Object.values(patch).every((value) => value === undefined);
}
