import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { User, USER_UNIQUE_CONSTRAINTS } from './entities/user.entity';
import { PasswordService } from './password.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [PasswordService],
  exports: [TypeOrmModule, PasswordService],
})
export class UsersModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(USER_UNIQUE_CONSTRAINTS);
  }
}
