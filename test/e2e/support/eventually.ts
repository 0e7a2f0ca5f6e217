/**
 * Retries `check` until it stops throwing or `timeoutMs` passes, then rethrows its last failure.
 * For facts that are recorded after the answer went back, so a test cannot read them at once.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
