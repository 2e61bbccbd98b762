import { CONTACT_LIMITS, type TContactPhase } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError } from '../../platform/errors';
import {
  deletePhase,
  insertPhase,
  listPhases,
  seedDefaultPhases,
  reorderPhases,
  updatePhase,
} from './contact-phases.repo';
import { presentPhase } from './contacts.presenter';

/** The account's lead phases: everyone reads them; admins create, rename, recolour, reorder, delete. */
export class ContactPhasesService {
  constructor(private readonly db: TDb) {}

  /** A new account's default phases (the accounts module calls it when it creates one). */
  seedDefaults(accountId: string) {
    return seedDefaultPhases(this.db, accountId);
  }

  async list(accountId: string): Promise<TContactPhase[]> {
    return (await listPhases(this.db, accountId)).map(presentPhase);
  }

  async create(accountId: string, body: { name: string; color: string }): Promise<TContactPhase> {
    const row = await this.unique(() => insertPhase(this.db, accountId, body, CONTACT_LIMITS.phasesMax));
    if (row === 'limit') throw new AppError('PHASE_LIMIT_REACHED');
    return presentPhase(row);
  }

  async update(
    accountId: string,
    id: string,
    patch: { name?: string; color?: string },
  ): Promise<TContactPhase> {
    const row = await this.unique(() => updatePhase(this.db, accountId, id, patch));
    if (!row) throw new AppError('PHASE_NOT_FOUND');
    return presentPhase(row);
  }

  async reorder(accountId: string, ids: string[]): Promise<TContactPhase[]> {
    if (!(await reorderPhases(this.db, accountId, ids))) throw new AppError('PHASE_ORDER_INVALID');
    return this.list(accountId);
  }

  /** Deletes a phase; its contacts move to `moveTo` (issue 13: the leads board asks where) or to none. */
  async remove(accountId: string, id: string, moveTo?: string): Promise<void> {
    const row = await deletePhase(this.db, accountId, id, moveTo);
    if (!row || row === 'target') throw new AppError('PHASE_NOT_FOUND');
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PHASE_EXISTS');
      throw error;
    }
  }
}
