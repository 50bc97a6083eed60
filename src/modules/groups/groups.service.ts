import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MODULES, ModuleName } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { inTransaction } from '../../database/transaction';
import { FilesService } from '../files/files.service';
import { raiseGroupPermsVersion } from '../users/perms-version';
import { GroupBodyDto, GroupDto, GroupMemberDto } from './dto/group.dto';
import { Group } from './entities/group.entity';

/** Modules in one canonical order, so equal sets compare (and diff in the history) as equal. */
function canonicalModules(modules: readonly ModuleName[]): ModuleName[] {
  return MODULES.filter((module) => modules.includes(module));
}

const ACTIVE_MEMBERS = `SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.status = 'Active'`;

/** Groups (administration) and the member list any user may read of their own group. */
@Injectable()
export class GroupsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
  ) {}

  async list(): Promise<GroupDto[]> {
    const rows: any[] = await this.dataSource.query(
      `SELECT g.id, g.name, g.currency, g.modules, g.created_date, (${ACTIVE_MEMBERS}) AS member_count
         FROM groups g ORDER BY lower(g.name), g.id`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      currency: row.currency,
      modules: row.modules,
      memberCount: row.member_count,
      createdDate: row.created_date,
    }));
  }

  async create(body: GroupBodyDto): Promise<GroupDto> {
    const group = await inTransaction(this.dataSource, (manager) =>
      manager.getRepository(Group).save(
        manager.getRepository(Group).create({ name: body.name, currency: body.currency, modules: canonicalModules(body.modules) }),
      ),
    );
    return this.toDto(group, 0);
  }

  /** A change of modules or currency alters every member's claims: their PermsVersion is raised in the same transaction. */
  async update(groupId: string, body: GroupBodyDto): Promise<GroupDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const repository = manager.getRepository(Group);
      const group = await repository.findOne({ where: { id: groupId }, lock: { mode: 'pessimistic_write' } });
      if (!group) throw AppError.notFound('Group');
      const modules = canonicalModules(body.modules);
      const claimsChanged = group.currency !== body.currency || group.modules.join() !== modules.join();
      group.name = body.name;
      group.currency = body.currency;
      group.modules = modules;
      await repository.save(group);
      if (claimsChanged) await raiseGroupPermsVersion(manager, group.id);
      return this.toDto(group, await this.memberCount(manager, group.id));
    });
  }

  async members(groupId: string): Promise<GroupMemberDto[]> {
    const rows: { id: string; nickname: string; role: string; picture_file_id: string | null }[] = await this.dataSource.query(
      `SELECT id, nickname, role, picture_file_id FROM users WHERE group_id = $1 AND status = 'Active' ORDER BY lower(nickname), id`,
      [groupId],
    );
    const pictures = await this.files.urlsById(rows.map((row) => row.picture_file_id));
    return rows.map((row) => ({
      id: row.id,
      nickname: row.nickname,
      role: row.role,
      pictureUrl: (row.picture_file_id && pictures.get(row.picture_file_id)?.url) || null,
    }));
  }

  private async memberCount(manager: EntityManager, groupId: string): Promise<number> {
    const [row]: { count: number }[] = await manager.query(`SELECT (${ACTIVE_MEMBERS}) AS count FROM groups g WHERE g.id = $1`, [groupId]);
    return row.count;
  }

  private toDto(group: Group, memberCount: number): GroupDto {
    return {
      id: group.id,
      name: group.name,
      currency: group.currency,
      modules: group.modules,
      memberCount,
      createdDate: group.createdDate,
    };
  }
}
