import { z } from 'zod';
import { zIsoDate, zRequiredText } from './common';

/**
 * Departments (spec §3 "intentions", DESIGN §9): managed records of an account. A member's
 * `intentions` (and an invitation's) are department ids; a conversation's `departmentId` is a
 * department id (text). Empty intentions = the member attends every department.
 */
export const DEPARTMENT_LIMITS = { max: 200, nameMax: 80, descriptionMax: 500, capacityMax: 1000 } as const;

export const ZDepartmentBody = z.object({
  name: zRequiredText(DEPARTMENT_LIMITS.nameMax),
  description: z
    .string()
    .trim()
    .max(DEPARTMENT_LIMITS.descriptionMax, { error: 'tooLong' })
    .optional()
    .default(''),
  /** Takes part in automatic distribution (false: its conversations wait to be taken by hand). */
  distribution: z.boolean().optional().default(true),
  /** Conversations in attendance per operator for this department; null = the account's setting. */
  capacity: z
    .number()
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(DEPARTMENT_LIMITS.capacityMax, { error: 'invalid' })
    .nullable()
    .optional()
    .default(null),
  /** Member user ids (their `intentions` gain or lose this department). Omitted: unchanged. */
  members: z
    .array(z.uuid({ error: 'invalid' }))
    .max(1000)
    .optional(),
});
export type TDepartmentBody = z.input<typeof ZDepartmentBody>;

export const ZDepartment = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  distribution: z.boolean(),
  capacity: z.number().nullable(),
  /** User ids of the members who attend it. */
  members: z.array(z.string()),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TDepartment = z.infer<typeof ZDepartment>;

/** Key entities (spec §3 "entities", key entities with $): data the bot captures and contacts hold. */
export const KEY_ENTITY_TYPES = ['text', 'number', 'email', 'phone', 'cpf', 'cnpj', 'date', 'url'] as const;
export type TKeyEntityType = (typeof KEY_ENTITY_TYPES)[number];
export const KEY_ENTITY_LIMITS = { max: 200, nameMax: 80, aliasMax: 40, validationMax: 300 } as const;

/** A regular expression the value must match ('' = none). */
const zValidation = z
  .string()
  .trim()
  .max(KEY_ENTITY_LIMITS.validationMax, { error: 'tooLong' })
  .refine(
    (v) => {
      if (!v) return true;
      try {
        new RegExp(v, 'u');
        return true;
      } catch {
        return false;
      }
    },
    { error: 'invalid' },
  );

export const ZKeyEntityBody = z.object({
  name: zRequiredText(KEY_ENTITY_LIMITS.nameMax),
  /** `$` followed by letters, digits or '_' (the `$` is added when missing); unique per account. */
  alias: z
    .string({ error: 'required' })
    .trim()
    .transform((v) => (v.startsWith('$') ? v : `$${v}`))
    .pipe(
      z
        .string()
        .min(2, { error: 'required' })
        .max(KEY_ENTITY_LIMITS.aliasMax + 1, { error: 'tooLong' })
        .regex(/^\$[A-Za-z_][A-Za-z0-9_]*$/, { error: 'invalid' }),
    ),
  type: z.enum(KEY_ENTITY_TYPES, { error: 'selectRequired' }).optional().default('text'),
  validation: zValidation.optional().default(''),
});
export type TKeyEntityBody = z.input<typeof ZKeyEntityBody>;

export const ZKeyEntity = z.object({
  _id: z.string(),
  name: z.string(),
  alias: z.string(),
  type: z.enum(KEY_ENTITY_TYPES),
  validation: z.string(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TKeyEntity = z.infer<typeof ZKeyEntity>;

/** Whether a value fits a key entity's type and validation (the contact panel and custom fields). */
export function keyEntityValueValid(entity: Pick<TKeyEntity, 'type' | 'validation'>, value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  const byType: Record<TKeyEntityType, RegExp | null> = {
    text: null,
    number: /^-?\d+([.,]\d+)?$/,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    phone: /^\+?[\d\s().-]{8,20}$/,
    cpf: /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/,
    cnpj: /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/,
    date: /^\d{4}-\d{2}-\d{2}$|^\d{2}\/\d{2}\/\d{4}$/,
    url: /^https?:\/\/\S+$/,
  };
  const rule = byType[entity.type];
  if (rule && !rule.test(v)) return false;
  if (entity.validation) {
    try {
      return new RegExp(entity.validation, 'u').test(v);
    } catch {
      return true;
    }
  }
  return true;
}
