// Deadlines for the show command's requests: a project that stops answering ends the command with a clear
// message instead of a hang.

/** Longest any single request of `npm run show` may take (an upload of one photo variant on hall Wi-Fi included). */
const REQUEST_TIMEOUT_MS = 60_000;

/** A fetch that gives up after REQUEST_TIMEOUT_MS, also when the caller passes a signal of its own. */
export function fetchWithDeadline(timeoutMs = REQUEST_TIMEOUT_MS): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      return await fetch(input, { ...init, signal });
    } catch (e) {
      if (deadline.aborted && !init?.signal?.aborted) {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        throw new Error(`No answer from ${new URL(url).origin} within ${timeoutMs / 1000} s (${init?.method ?? 'GET'} ${new URL(url).pathname})`);
      }
      throw e;
    }
  };
}
