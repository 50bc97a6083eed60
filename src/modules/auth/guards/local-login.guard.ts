import { applyDecorators, CanActivate, Injectable, UseGuards } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';

/** LOCAL_LOGIN=false: the route is refused with 401 LOCAL_LOGIN_DISABLED (the command line still works). */
@Injectable()
export class LocalLoginGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.localLogin) return true;
    throw AppError.unauthorized('LOCAL_LOGIN_DISABLED', 'Password sign-in, registration and resets are turned off here; sign in with the identity provider');
  }
}

/** Password sign-in, registration and resets: open only while LOCAL_LOGIN is on. */
export const LocalLoginOnly = (): MethodDecorator & ClassDecorator => applyDecorators(UseGuards(LocalLoginGuard));
