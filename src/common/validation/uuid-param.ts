import { Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { AppError } from '../errors/app-error';

/**
 * A path parameter that must be a UUID: a malformed one (of any length) is 400 INVALID_ID, never a
 * 500; documented in OpenAPI as `string`, format `uuid`.
 */
export const UuidParam =
  (name: string): ParameterDecorator =>
  (target, key, index) => {
    Param(
      name,
      new ParseUUIDPipe({
        exceptionFactory: () => AppError.badRequest('INVALID_ID', `${name} must be a UUID`, [{ field: name, message: `${name} must be a UUID` }]),
      }),
    )(target, key, index);
    if (key !== undefined) ApiParam({ name, type: String, format: 'uuid' })(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
