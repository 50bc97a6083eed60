import { Injectable } from '@nestjs/common';
import { MODULES, ModuleName } from '../../common/auth/auth-user';
import type { Tenant } from '../../common/tenancy/group-scope';
import { UnitOfWork } from '../../database/transaction';
import { FilesService } from '../files/files.service';
import { UsersRepository } from '../users/users.repository';
import { GroupBodyDto, GroupDto, GroupMemberDto } from './dto/group.dto';
import { GroupsRepository } from './groups.repository';
import type { GroupRow } from './groups.sql';

/** Modules in one canonical order, so equal sets compare (and diff in the history) as equal. */
function canonicalModules(modules: readonly ModuleName[]): ModuleName[] {
  return MODULES.filter((module) => modules.includes(module));
}

/** Groups (administration) and the member list any user may read of their own group. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly groups: GroupsRepository,
    private readonly users: UsersRepository,
    private readonly files: FilesService,
  ) {}

  async list(): Promise<GroupDto[]> {
    const [groups, counts] = await Promise.all([this.groups.findAllByName(), this.users.countActiveByGroup()]);
    return groups.map((group) => this.toDto(group, counts.get(group.id) ?? 0));
  }

  async create(body: GroupBodyDto): Promise<GroupDto> {
    const group = await this.unitOfWork.run((manager) =>
      this.groups.create(manager, { name: body.name, currency: body.currency, modules: canonicalModules(body.modules) }),
    );
    return this.toDto(group, 0);
  }

  /** A change of modules or currency alters every member's claims: their PermsVersion is raised in the same transaction. */
  async update(groupId: string, body: GroupBodyDto): Promise<GroupDto> {
    return this.unitOfWork.run(async (manager) => {
      const group = await this.groups.lockById(manager, groupId);
      const modules = canonicalModules(body.modules);
      const claimsChanged = group.currency !== body.currency || group.modules.join() !== modules.join();
      group.name = body.name;
      group.currency = body.currency;
      group.modules = modules;
      await this.groups.save(manager, group);
      if (claimsChanged) await this.users.raiseGroupPermsVersion(group.id);
      return this.toDto(group, await this.users.countActiveOfGroup(group.id));
    });
  }

  /** The caller's group's Active members. */
  async members(tenant: Tenant): Promise<GroupMemberDto[]> {
    const rows = await this.users.findActiveMembers(tenant);
    const pictures = await this.files.urlsById(rows.map((row) => row.picture_file_id));
    return rows.map((row) => ({
      id: row.id,
      nickname: row.nickname,
      role: row.role,
      pictureUrl: (row.picture_file_id && pictures.get(row.picture_file_id)?.url) || null,
    }));
  }

  private toDto(group: GroupRow, memberCount: number): GroupDto {
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
