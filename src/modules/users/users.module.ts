import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { User, USER_UNIQUE_CONSTRAINTS } from './entities/user.entity';
import { PasswordService } from './password.service';
import { UsersRepository } from './users.repository';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [PasswordService, UsersRepository],
  exports: [TypeOrmModule, PasswordService, UsersRepository],
})
export class UsersModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(USER_UNIQUE_CONSTRAINTS);
  }
}
