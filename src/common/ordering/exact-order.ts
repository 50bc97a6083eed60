import { AppError } from '../errors/app-error';

/**
 * A reorder request must list exactly the current children, each once (no missing, extra,
 * foreign or repeated id); anything else is 400 INVALID_ORDER naming the first problem.
 */
export function assertExactOrder(field: string, ids: string[], current: ReadonlySet<string>, noun: string): void {
  const seen = new Set<string>();
  let problem: string | null = null;
  for (const id of ids) {
    if (seen.has(id)) problem = `${field} lists ${id} more than once`;
    else if (!current.has(id)) problem = `${id} is not ${noun}`;
    if (problem) break;
    seen.add(id);
  }
  if (!problem && seen.size !== current.size) problem = `${field} must list all ${current.size} ids, each once`;
  if (problem) throw AppError.badRequest('INVALID_ORDER', problem, [{ field, message: problem }]);
}
