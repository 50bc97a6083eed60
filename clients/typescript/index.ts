/**
 * Hearth's typed API client: `openapi-fetch` over the types that `openapi-typescript` generates
 * from the checked-in `openapi.json` (`schema.d.ts`, rewritten by `npm run openapi`).
 * Every path, parameter, body and response is typed, so an API change breaks the caller's build.
 */
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
/** A schema of the document by name, e.g. `Schema<'MarkerDto'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** A client for one Hearth server; `baseUrl` is the server's origin (the document's paths start with `/api/v1`). */
export function createHearthClient(options: ClientOptions & { baseUrl: string }) {
  return createClient<paths>(options);
}

export type HearthClient = ReturnType<typeof createHearthClient>;

export { RICH_TEXT } from './rich-text';
export { ENTITY_TYPE_VALUES, ERROR_CODE_VALUES, ICS_SKIP_REASON_VALUES, SUBSCRIPTION_ERROR_VALUES } from './enums';
