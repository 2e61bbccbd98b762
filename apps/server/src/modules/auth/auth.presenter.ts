import type { TUserData } from '@atende/shared';
import type { TUserRow } from './auth.repo';

export function presentUser(row: TUserRow): TUserData {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    displayName: row.name,
    email: row.email,
    phone: row.phone,
    lang: row.lang,
    about: row.about,
    profilePic: row.profilePic,
    status: row.status,
    isConfirmed: row.isConfirmed,
    createdAt: row.createdAt.toISOString(),
  };
}
