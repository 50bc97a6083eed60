/**
 * A value, or a promise of it: what an interface answers when one implementation has it at hand
 * (facts read beforehand in one statement) and another reads it when asked.
 */
export type Awaitable<T> = T | Promise<T>;
