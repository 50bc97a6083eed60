import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { Group, GROUP_UNIQUE_CONSTRAINTS } from './entities/group.entity';
import { GroupMembersController } from './group-members.controller';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';
import { UsersModule } from '../users/users.module';

@Module({
  imports: [TypeOrmModule.forFeature([Group]), FilesModule, UsersModule],
  controllers: [GroupsController, GroupMembersController],
  providers: [GroupsService, GroupsRepository],
  exports: [TypeOrmModule, GroupsService, GroupsRepository],
})
export class GroupsModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(GROUP_UNIQUE_CONSTRAINTS);
  }
}
