// Splitting start-up work over tasks (one long task keeps a phone from painting or answering a tap): what runs between two awaits of
// `nextTask` is a task of its own, so the browser can paint or answer a tap in between, and no one
// task grows long enough to count as blocking (Lighthouse counts a task's time past 50 ms, at a
// phone's CPU four times this machine's time).

/** Resolves in a new task (a macrotask), after whatever else the browser has queued. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
