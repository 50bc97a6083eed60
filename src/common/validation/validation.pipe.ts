import { ArgumentMetadata, Injectable, PipeTransform, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { AppError, FieldError } from '../errors/app-error';
import { cacheValidationMetadata } from './metadata-cache';

/** Keys whose values are secrets or opaque proofs: never trimmed. */
const UNTRIMMED_KEYS = /password|captcha|token/i;

function trimStrings(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return UNTRIMMED_KEYS.test(key) ? value : value.trim();
  if (Array.isArray(value)) return value.map((item) => trimStrings(item, key));
  // plain objects, including Fastify's parsed query strings (no Object.prototype, so no constructor)
  const constructor = value && typeof value === 'object' ? (value as { constructor?: unknown }).constructor : null;
  if (constructor === Object || constructor === undefined) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as object)) out[k] = trimStrings(v, k);
    return out;
  }
  return value;
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      out.push({ field, message: message.replace(/^property (\S+) should not exist$/, '$1 is not an allowed field') });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/**
 * An explicit `null` is accepted only where the OpenAPI document marks the field `nullable` (there
 * it clears the value); anywhere else it is 400, as it would otherwise reach a NOT NULL column.
 * Unknown fields are left to the whitelist check.
 */
function rejectNulls(body: Record<string, unknown>, metatype: Function): void {
  const errors: FieldError[] = [];
  for (const [field, item] of Object.entries(body)) {
    if (item !== null) continue;
    const property = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, metatype.prototype, field) as { nullable?: boolean } | undefined;
    if (property && !property.nullable) errors.push({ field, message: `${field} must not be null (omit it instead)` });
  }
  if (errors.length) throw AppError.invalid(errors);
}

/**
 * Global validation: trims strings (secrets excepted), rejects unknown fields, transforms to DTO
 * classes, and reports every failing field in the problem-details `errors` list.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    cacheValidationMetadata();
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => AppError.invalid(flattenValidationErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if ((metadata.type === 'body' || metadata.type === 'query') && metadata.metatype && metadata.metatype !== Object) {
      if (metadata.type === 'body' && (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))) {
        throw AppError.badRequest('VALIDATION_FAILED', 'The request body must be a JSON object');
      }
      value = trimStrings(value);
      if (metadata.type === 'body') rejectNulls(value as Record<string, unknown>, metadata.metatype);
    }
    return super.transform(value, metadata);
  }
}

/**
 * An optional JSON body (`@Body(new OptionalBody(Dto))`, the parameter typed `Dto | undefined` so
 * the global pipe lets it through): no body gives undefined; a body is validated as `Dto`.
 */
export class OptionalBody implements PipeTransform {
  private readonly pipe = new AppValidationPipe();

  constructor(private readonly metatype: Type<unknown>) {}

  transform(value: unknown): Promise<unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    return this.pipe.transform(value, { type: 'body', metatype: this.metatype });
  }
}
