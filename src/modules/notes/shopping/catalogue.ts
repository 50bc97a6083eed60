import type * as Catalogs from '../../../../domain/shopping/catalogs';
import { onFirstUse } from '../../../common/first-use';

/**
 * The shopping catalogue (domain/shopping/catalogs.ts: its words in every language, ~0.3 MB of heap,
 * and the indexes it builds on first use, ~0.7 MB), loaded with the first suggestion or shopping
 * item that needs it, not with every process (docs/performance.md, "The sixth round at start and
 * per request"). The web app imports the same file lazily with the shopping list.
 */
export const catalogue = onFirstUse(() => require('../../../../domain/shopping/catalogs') as typeof Catalogs);
