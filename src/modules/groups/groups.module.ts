import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { Group, GROUP_UNIQUE_CONSTRAINTS } from './entities/group.entity';
import { GroupMembersController } from './group-members.controller';
import { GroupsController } from './groups.controller';
import { GroupsService } from './groups.service';

@Module({
  imports: [TypeOrmModule.forFeature([Group]), FilesModule],
  controllers: [GroupsController, GroupMembersController],
  providers: [GroupsService],
  exports: [TypeOrmModule, GroupsService],
})
export class GroupsModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(GROUP_UNIQUE_CONSTRAINTS);
  }
}
