import { DEPARTMENT_LIMITS, type TDepartment, type TDepartmentBody, ZDepartmentBody } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { TActor } from '../../platform/request-context';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import {
  deleteDepartmentRow,
  existingDepartmentIds,
  findDepartmentRow,
  insertDepartmentRow,
  listDepartmentRows,
  touchDepartmentRow,
  updateDepartmentRow,
  type TDepartmentRow,
} from './departments.repo';
import { isUuid } from '../../platform/db/columns';

/** How automatic distribution treats a department's conversations. */
export interface TDepartmentRouting {
  distribution: boolean;
  capacity: number | null;
}

type TMemberLists = Array<{ userId: string; intentions: string[] }>;

function present(row: TDepartmentRow, members: TMemberLists): TDepartment {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    distribution: row.distribution,
    capacity: row.capacity,
    members: members.filter((m) => m.intentions.includes(row.id)).map((m) => m.userId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Departments (spec §3 intentions; DESIGN §9): the account's managed list. A department's members
 * are the account members whose `intentions` hold its id (the inbox's visibility and distribution
 * read those); conversations store the id in `department_id`. Admins manage, every member reads.
 * Emits `department.changed` (created / updated / deleted) in the writing transaction.
 */
export class DepartmentsService {
  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
    private readonly accounts: AccountsService,
    private readonly activity: ActivityLogService,
  ) {}

  async list(accountId: string): Promise<TDepartment[]> {
    const [rows, members] = await Promise.all([
      listDepartmentRows(this.db, accountId),
      this.accounts.members(accountId),
    ]);
    return rows.map((r) => present(r, members));
  }

  async get(accountId: string, id: string): Promise<TDepartment> {
    const row = await findDepartmentRow(this.db, accountId, id);
    if (!row) throw new AppError('DEPARTMENT_NOT_FOUND');
    return present(row, await this.accounts.members(accountId));
  }

  /** The user ids of the members who attend the department. */
  async members(accountId: string, id: string): Promise<string[]> {
    return (await this.get(accountId, id)).members;
  }

  /** A department's name (null when the id is not one of the account's departments). */
  async nameOf(accountId: string, id: string): Promise<string | null> {
    if (!isUuid(id)) return null;
    return (await findDepartmentRow(this.db, accountId, id))?.name ?? null;
  }

  /** Distribution settings by department id (the inbox's automatic distribution). */
  async routing(accountId: string): Promise<Map<string, TDepartmentRouting>> {
    const rows = await listDepartmentRows(this.db, accountId);
    return new Map(rows.map((r) => [r.id, { distribution: r.distribution, capacity: r.capacity }]));
  }

  /** DEPARTMENT_UNKNOWN unless every id is one of the account's departments (members, invitations). */
  async assertKnown(accountId: string, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    if ((await existingDepartmentIds(this.db, accountId, unique)).length !== unique.length)
      throw new AppError('DEPARTMENT_UNKNOWN');
  }

  async create(accountId: string, input: TDepartmentBody, actor: TActor): Promise<TDepartment> {
    const body = ZDepartmentBody.parse(input);
    const row = await insertDepartmentRow(this.db, this.bus, accountId, values(body), DEPARTMENT_LIMITS.max);
    if (row === 'limit') throw new AppError('DEPARTMENTS_LIMIT_REACHED');
    if (row === 'name') throw new AppError('DEPARTMENT_NAME_IN_USE');
    if (body.members) await this.setMembers(accountId, row.id, body.members);
    await this.activity.record(accountId, actor, { action: 'department.created', target: row.name });
    return this.get(accountId, row.id);
  }

  async update(accountId: string, id: string, input: TDepartmentBody, actor: TActor): Promise<TDepartment> {
    const body = ZDepartmentBody.parse(input);
    const row = await updateDepartmentRow(this.db, this.bus, accountId, id, values(body));
    if (row === 'name') throw new AppError('DEPARTMENT_NAME_IN_USE');
    if (!row) throw new AppError('DEPARTMENT_NOT_FOUND');
    if (body.members) await this.setMembers(accountId, id, body.members);
    await this.activity.record(accountId, actor, { action: 'department.updated', target: row.name });
    return this.get(accountId, id);
  }

  /**
   * Deletes a department nobody attends (DEPARTMENT_HAS_MEMBERS otherwise, pending invitations
   * included: a member left without departments would attend every one). Conversations routed to
   * it go back to no department (the inbox listens to department.changed).
   */
  async remove(accountId: string, id: string, actor: TActor): Promise<void> {
    const department = await this.get(accountId, id);
    if (department.members.length || (await this.accounts.invitationsWith(accountId, 'intentions', id)))
      throw new AppError('DEPARTMENT_HAS_MEMBERS');
    const name = await deleteDepartmentRow(this.db, this.bus, accountId, id);
    if (!name) throw new AppError('DEPARTMENT_NOT_FOUND');
    await this.activity.record(accountId, actor, { action: 'department.deleted', target: name });
  }

  /** Exactly these users attend the department (others lose it); MEMBER_NOT_FOUND for a non-member. */
  private async setMembers(accountId: string, id: string, userIds: string[]): Promise<void> {
    const wanted = new Set(userIds);
    const members = await this.accounts.members(accountId);
    const known = new Set(members.map((m) => m.userId));
    if ([...wanted].some((u) => !known.has(u))) throw new AppError('MEMBER_NOT_FOUND');
    const changes: TMemberLists = [];
    for (const m of members) {
      const has = m.intentions.includes(id);
      if (wanted.has(m.userId) && !has) changes.push({ userId: m.userId, intentions: [...m.intentions, id] });
      if (!wanted.has(m.userId) && has)
        changes.push({ userId: m.userId, intentions: m.intentions.filter((d) => d !== id) });
    }
    if (changes.length === 0) return;
    await this.accounts.setIntentions(accountId, changes);
    await touchDepartmentRow(this.db, this.bus, accountId, id);
  }
}

function values(body: ReturnType<typeof ZDepartmentBody.parse>) {
  return {
    name: body.name,
    description: body.description,
    distribution: body.distribution,
    capacity: body.capacity ?? null,
  };
}
