/**
 * A library loaded when it is first used instead of when the service starts, for what only some
 * requests or jobs need (a push message, a mail's wording, a place's description, an export, a
 * backup): a process that never uses it spends no memory on its code and data (RSS after start,
 * docs/performance.md). The first use pays the loading once (a few milliseconds).
 *
 * `const webPush = onFirstUse(() => require('web-push') as typeof import('web-push'));` then
 * `webPush().generateRequestDetails(…)`.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
