import { z } from 'zod';
import { LIMITS } from '../limits';
import { isValidEmail, normalizePhone } from '../validation';
import { zIsoDate, zRequiredText, zUuid } from './common';

/** Contact `type` is the channel kind (DESIGN.md §9); 'manual' for contacts typed in or imported. */
export const CONTACT_TYPES = ['whatsapp', 'sms', 'webchat', 'manual'] as const;
export type TContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_SOURCES = ['manual', 'import', 'channel', 'api'] as const;
export type TContactSource = (typeof CONTACT_SOURCES)[number];

/** Spec §9 date filters, applied in the account's time zone; weeks start on Monday. */
export const DATE_FILTERS = LIMITS.dateFilters;
export type TDateFilter = (typeof DATE_FILTERS)[number];

export const CONTACT_LIMITS = {
  pageSizeMax: 100,
  /** Counts stop here: past it the list answers count 10000 with countIsEstimate ('10.000+'). */
  countCap: 10_000,
  phasesMax: 50,
  tagsMax: 500,
  bulkMax: 1000,
  mergeMax: 20,
  customFieldsMax: 50,
  importMaxBytes: 50 * 1024 * 1024,
  importPreviewRows: 10,
} as const;

const zColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalid' });

/** An optional phone: '' or null clears it; anything else must be a valid number (stored E.164). */
export const zOptionalPhone = z
  .string()
  .trim()
  .max(40, { error: 'phone' })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'phone' });
      return z.NEVER;
    }
    return e164;
  });

/** An optional e-mail: '' or null clears it; stored lower-case. */
export const zOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'email' })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    if (!isValidEmail(value)) {
      ctx.addIssue({ code: 'custom', message: 'email' });
      return z.NEVER;
    }
    return value;
  });

const zCustomFields = z
  .record(
    z.string().regex(/^[\p{L}\p{N}_.\- ]{1,50}$/u, { error: 'invalid' }),
    z.union([z.string().max(1000, { error: 'tooLong' }), z.number(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= CONTACT_LIMITS.customFieldsMax, { error: 'tooLong' });

const zTagIds = z.array(zUuid).max(50, { error: 'tooLong' });

/** The editable fields of a contact (spec §7 PUT data, plus tags, custom fields and flags). */
export const ZContactData = z.object({
  name: zRequiredText(200),
  email: zOptionalEmail,
  phone: zOptionalPhone,
  profilePic: z.string().trim().max(2048).nullish(),
  type: z.enum(CONTACT_TYPES, { error: 'selectRequired' }).optional(),
  phase: zUuid.nullish(),
  inbox: zUuid.nullish(),
  chat: zUuid.nullish(),
  acc: zUuid.optional(),
  status: z.string().trim().max(40).optional(),
  tags: zTagIds.optional(),
  customFields: zCustomFields.optional(),
  blocked: z.boolean().optional(),
  optOut: z.boolean().optional(),
});

/** POST /p/chat/contact: { data, acc } like the spec's PUT. */
export const ZCreateContactBody = z.object({ data: ZContactData, acc: zUuid.optional() });
export type TCreateContactBody = z.input<typeof ZCreateContactBody>;

/** PUT /p/chat/contact/{id}: spec §7 payload { data: {...}, acc }; every field optional. */
export const ZUpdateContactBody = z.object({
  data: ZContactData.partial(),
  acc: zUuid.optional(),
});
export type TUpdateContactBody = z.input<typeof ZUpdateContactBody>;
export type TContactPatch = z.output<typeof ZUpdateContactBody>['data'];

const zQueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
const zIdCsv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(zUuid).max(50));

/** GET /p/chat/contact/list (and the export): spec §7 parameters plus dateFilter and deleted. */
export const ZContactListQuery = z.object({
  acc: zUuid,
  limit: z.coerce.number().int().min(1).max(CONTACT_LIMITS.pageSizeMax).default(LIMITS.contactsPageSize),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
  tags: zIdCsv.optional(),
  /** A phase id; 'all' (or absent) means every phase, 'none' contacts without a phase. */
  phase: z.union([z.literal('all'), z.literal('none'), zUuid]).optional(),
  monthFilter: z.coerce.number().int().min(1).max(12).optional(),
  currentYear: z.coerce.number().int().min(2000).max(2100).optional(),
  dateFilter: z.enum(DATE_FILTERS).optional(),
  blocked: zQueryBool.optional(),
  optOut: zQueryBool.optional(),
  /** true: the trash (soft-deleted contacts, restorable). */
  deleted: zQueryBool.optional(),
});
export type TContactListQuery = z.output<typeof ZContactListQuery>;
export type TContactFilter = Omit<TContactListQuery, 'acc' | 'limit' | 'page'>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZContactExportQuery = ZContactListQuery.omit({ limit: true, page: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
});

export const ZMergeContactsBody = z.object({
  /** The contact that stays. */
  targetId: zUuid,
  /** Duplicates folded into it: soft-deleted, pointing to the target (mergedInto). */
  sourceIds: z.array(zUuid).min(1, { error: 'required' }).max(CONTACT_LIMITS.mergeMax),
});

const zIds = z.array(zUuid).min(1, { error: 'required' }).max(CONTACT_LIMITS.bulkMax);
export const ZBulkTagsBody = z.object({
  ids: zIds,
  add: zTagIds.default([]),
  remove: zTagIds.default([]),
});
export const ZBulkPhaseBody = z.object({ ids: zIds, phase: zUuid.nullable() });

export const ZPhaseBody = z.object({ name: zRequiredText(60), color: zColor.default('#6c757d') });
export const ZUpdatePhaseBody = z.object({ name: zRequiredText(60).optional(), color: zColor.optional() });
export const ZReorderPhasesBody = z.object({ ids: z.array(zUuid).min(1).max(CONTACT_LIMITS.phasesMax) });

export const ZTagBody = z.object({ name: zRequiredText(60), color: zColor.default('#6c757d') });
export const ZUpdateTagBody = z.object({ name: zRequiredText(60).optional(), color: zColor.optional() });

/** Column mapping of a CSV import: contact field → header of the spreadsheet. */
export const ZImportMapping = z.object({
  name: z.string().max(200).optional(),
  phone: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
  tags: z.string().max(200).optional(),
  /** Custom field key → header. */
  customFields: z.record(z.string().regex(/^[\p{L}\p{N}_.\- ]{1,50}$/u), z.string().max(200)).optional(),
});
export type TImportMapping = z.output<typeof ZImportMapping>;

/**
 * A row whose phone already belongs to a live contact (the identity rule: one live contact per
 * phone): 'update' writes the row onto that contact, 'skip' leaves it as it is. Creating a second
 * contact with the phone is never offered (the rule forbids it).
 */
export const IMPORT_EXISTING_CHOICES = ['update', 'skip'] as const;
export type TImportExistingChoice = (typeof IMPORT_EXISTING_CHOICES)[number];
export const zImportExisting = z.enum(IMPORT_EXISTING_CHOICES).default('update');

export const ZImportPreviewBody = z.object({ mapping: ZImportMapping, existing: zImportExisting });

export const ZImportStartBody = z.object({
  mapping: ZImportMapping,
  existing: zImportExisting,
  /** Tags added to every imported contact. */
  tags: zTagIds.default([]),
  /** Phase of contacts the import creates (existing contacts keep theirs). */
  phase: zUuid.nullish(),
});

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

/** A contact as the API answers it (spec field names). */
export const ZContact = z.object({
  _id: z.string(),
  acc: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  type: z.enum(CONTACT_TYPES),
  phase: z.string().nullable(),
  inbox: z.string().nullable(),
  chat: z.string().nullable(),
  status: z.string(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  blocked: z.boolean(),
  optOut: z.boolean(),
  source: z.enum(CONTACT_SOURCES),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
  deletedAt: zIsoDate.nullable(),
  mergedInto: z.string().nullable(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactList = z.object({
  items: z.array(ZContact),
  count: z.number(),
  /** Present (true) when more than CONTACT_LIMITS.countCap contacts match: show '10.000+'. */
  countIsEstimate: z.literal(true).optional(),
});
export type TContactList = z.infer<typeof ZContactList>;

/** Bulk edits answer how many contacts changed. */
export const ZBulkResult = z.object({ updated: z.number() });

export const ZContactPhase = z.object({
  _id: z.string(),
  acc: z.string(),
  name: z.string(),
  /** Set on the default phases until renamed: the web may translate them by key. */
  key: z.string().nullable(),
  color: z.string(),
  order: z.number(),
});
export type TContactPhase = z.infer<typeof ZContactPhase>;

export const ZContactTag = z.object({
  _id: z.string(),
  acc: z.string(),
  name: z.string(),
  color: z.string(),
});
export type TContactTag = z.infer<typeof ZContactTag>;

export const ZImportRowError = z.object({
  line: z.number(),
  field: z.enum(['name', 'phone', 'email', 'tags']),
  /** TAG_LIMIT_REACHED: the row names a new tag and the account already has CONTACT_LIMITS.tagsMax. */
  code: z.enum([
    'IMPORT_BLANK_NAME',
    'IMPORT_BLANK_PHONE',
    'IMPORT_INVALID_PHONE',
    'IMPORT_INVALID_EMAIL',
    'TAG_LIMIT_REACHED',
  ]),
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

/** Import status, also the payload of the socket event 'contacts-import:progress'. */
export const ZContactImport = z.object({
  _id: z.string(),
  acc: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  header: z.array(z.string()),
  total: z.number(),
  processed: z.number(),
  inserted: z.number(),
  updated: z.number(),
  errors: z.number(),
  errorCode: z.string().nullable(),
  createdAt: zIsoDate,
  startedAt: zIsoDate.nullable(),
  finishedAt: zIsoDate.nullable(),
});
export type TContactImport = z.infer<typeof ZContactImport>;

export const ZImportPreviewRecord = z.object({ line: z.number(), cells: z.array(z.string()) });
export type TImportPreviewRecord = z.infer<typeof ZImportPreviewRecord>;

export const ZImportUpload = ZContactImport.extend({
  /** Header names as the file has them (ZImportMapping's shape, without its input limits). */
  suggestedMapping: z.object({
    name: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    tags: z.string().optional(),
    customFields: z.record(z.string(), z.string()).optional(),
  }),
  /** The first data records (spreadsheet line numbers: the header is line 1). */
  preview: z.array(ZImportPreviewRecord),
});
export type TImportUpload = z.infer<typeof ZImportUpload>;

/**
 * One row of POST .../preview: the contact it would write, or its errors, and what will happen:
 * create a contact, update `existing` (the live contact with the phone), or skip the row (an
 * error, or `existing` kept as it is). `sameAsLine`: an earlier row of the file has the phone (the
 * rows fold into one contact). `nameDiffers`: `existing` has another name (perhaps another person).
 */
export const ZImportPreviewRow = z.object({
  line: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  errors: z.array(ZImportRowError),
  action: z.enum(['create', 'update', 'skip']),
  existing: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  nameDiffers: z.boolean(),
  sameAsLine: z.number().nullable(),
});
export type TImportPreviewRow = z.infer<typeof ZImportPreviewRow>;

/** GET .../errors: the rejected rows with their cells. */
export const ZImportErrorRow = z.object({
  line: z.number(),
  errors: z.array(ZImportRowError),
  cells: z.array(z.string()),
});
