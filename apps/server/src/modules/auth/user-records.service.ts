import type { TUserData } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { presentUser } from './auth.presenter';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type TNewUser,
  type TUserRow,
  updateUserRow,
} from './auth.repo';

export type { TNewUser, TUserRow };

/** The user records the auth module owns, for the modules that read or edit them (profiles, invitations). */
export class UserRecordsService {
  constructor(private readonly db: TDb) {}

  byId(id: string): Promise<TUserRow | undefined> {
    return findUserById(this.db, id);
  }

  byEmail(email: string): Promise<TUserRow | undefined> {
    return findUserByEmail(this.db, email);
  }

  /** A new user; undefined when the e-mail is taken. */
  insert(user: TNewUser): Promise<TUserRow | undefined> {
    return insertUser(this.db, user);
  }

  update(id: string, patch: Partial<TNewUser>): Promise<TUserRow | undefined> {
    return updateUserRow(this.db, id, patch);
  }

  present(row: TUserRow): TUserData {
    return presentUser(row);
  }
}
