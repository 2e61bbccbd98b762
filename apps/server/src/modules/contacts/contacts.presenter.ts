import type { TContact, TContactPhase, TContactSource, TContactTag, TContactType } from '@atende/shared';
import type { TPhaseRow } from './contact-phases.repo';
import type { TTagRow } from './contact-tags.repo';
import type { TContactRow } from './contacts.repo';

/** A contact with the spec's field names (§3): _id, acc, phase = phase id, tags = tag ids. */
export function presentContact(row: TContactRow): TContact {
  return {
    _id: row.id,
    acc: row.accountId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    profilePic: row.profilePic,
    type: row.type as TContactType,
    phase: row.phaseId,
    inbox: row.inbox,
    chat: row.chat,
    status: row.status,
    tags: row.tags,
    customFields: row.customFields,
    blocked: row.blocked,
    optOut: row.optOut,
    source: row.source as TContactSource,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    mergedInto: row.mergedInto,
  };
}

export function presentPhase(row: TPhaseRow): TContactPhase {
  return {
    _id: row.id,
    acc: row.accountId,
    name: row.name,
    key: row.key,
    color: row.color,
    order: row.position,
  };
}

export function presentTag(row: TTagRow): TContactTag {
  return { _id: row.id, acc: row.accountId, name: row.name, color: row.color };
}
