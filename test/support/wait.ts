/** Polls `probe` until it returns a truthy value (returned) or the timeout passes (throws). */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`waitFor timed out after ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}
