// Waiting in tests: real time, through the global setTimeout (so fake timers, where a test installs them, apply).

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
