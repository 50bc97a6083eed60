import { Param, ParseUUIDPipe } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/** A path parameter that must be a UUID: a malformed one is 400 INVALID_ID, never a 500. */
export const UuidParam = (name: string): ParameterDecorator =>
  Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () =>
        AppError.badRequest('INVALID_ID', `${name} must be a UUID`, [{ field: name, message: `${name} must be a UUID` }]),
    }),
  );
