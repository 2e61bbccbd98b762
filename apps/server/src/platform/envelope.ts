import { z } from 'zod';

/** Success envelope of DESIGN.md §3. */
export function ok<T>(data: T): { status: 1; data: T } {
  return { status: 1, data };
}

/** List envelope: data = { items, count }. */
export function list<T>(items: T[], count: number) {
  return ok({ items, count });
}

/** Response schema for the envelope around `data` (feeds OpenAPI). */
export function zOk<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), data, frontVersionConflict: z.boolean().optional() });
}
