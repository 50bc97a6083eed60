import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToInt } from '../validation/transforms';

export const MAX_PAGE_SIZE = 100;

/** `?page=1&pageSize=20`; extend it with filters and a `sort` allow-list per endpoint. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize: number = 20;
}

export class PageMeta {
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty() totalItems: number;
  @ApiProperty() totalPages: number;
}

export interface Page<T> extends PageMeta {
  items: T[];
}

/**
 * The envelope of a list whose count may stop at a bound (docs/api.md, Paging): `totalItemsExact`
 * false means there are more than `totalItems` matches. Only the endpoints that declare it carry it.
 */
export class CountedPageMeta extends PageMeta {
  @ApiProperty({ description: 'false when the count stopped at its documented cap: totalItems (and totalPages) are then lower bounds' })
  totalItemsExact: boolean;
}

export interface CountedPage<T> extends CountedPageMeta {
  items: T[];
}

export function toPage<T>(items: T[], totalItems: number, query: PageQuery): Page<T> {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / query.pageSize),
  };
}

/**
 * OpenAPI: `{items: Item[], page, pageSize, totalItems, totalPages}`, plus `totalItemsExact` with
 * `meta` CountedPageMeta.
 */
export function ApiPageResponse(item: Type<unknown>, meta: typeof PageMeta = PageMeta): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(meta, item),
    ApiOkResponse({
      schema: {
        allOf: [
          { $ref: getSchemaPath(meta) },
          { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { $ref: getSchemaPath(item) } } } },
        ],
      },
    }),
  );
}

/** Parses `sort=field` / `sort=-field` against an allow-list; returns column and direction. */
export function parseSort<K extends string>(
  sort: string | undefined,
  allowed: Record<K, string>,
  fallback: `${K}` | `-${K}`,
): { column: string; direction: 'ASC' | 'DESC' } {
  const value = sort ?? fallback;
  const desc = value.startsWith('-');
  const key = (desc ? value.slice(1) : value) as K;
  return { column: allowed[key] ?? allowed[fallback.replace(/^-/, '') as K], direction: desc ? 'DESC' : 'ASC' };
}

/** class-validator pattern for a sort parameter over the given field names. */
export function sortPattern(fields: readonly string[]): RegExp {
  return new RegExp(`^-?(${fields.join('|')})$`);
}
