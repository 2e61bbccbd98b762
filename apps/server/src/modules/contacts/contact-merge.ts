import type { TContactRow, TContactRowPatch } from './contacts.repo';

/** True when `a` and `b` share a phone or an e-mail (the only duplicates a merge accepts). */
export function areDuplicates(a: TContactRow, b: TContactRow): boolean {
  return (!!a.phone && a.phone === b.phone) || (!!a.email && a.email === b.email);
}

/**
 * The winner's fields after a merge: its own values stay; blanks are filled from the merged
 * contacts (oldest first); tags are the union; custom fields merge (the winner's keys win, then the
 * newest source's); blocked and opt-out stay set if any contact had them. Null when a source is
 * not a duplicate (same phone or e-mail) of the winner.
 */
export function planMerge(target: TContactRow, sources: TContactRow[]): TContactRowPatch | null {
  if (!sources.every((s) => areDuplicates(target, s))) return null;
  const first = <K extends 'email' | 'phone' | 'profilePic' | 'phaseId' | 'inbox' | 'chat'>(key: K) =>
    target[key] ?? sources.find((s) => s[key] != null)?.[key] ?? null;
  return {
    email: first('email'),
    phone: first('phone'),
    profilePic: first('profilePic'),
    phaseId: first('phaseId'),
    inbox: first('inbox'),
    chat: first('chat'),
    tags: [...new Set([...target.tags, ...sources.flatMap((s) => s.tags)])],
    customFields: Object.assign({}, ...sources.map((s) => s.customFields), target.customFields),
    blocked: target.blocked || sources.some((s) => s.blocked),
    optOut: target.optOut || sources.some((s) => s.optOut),
  };
}
