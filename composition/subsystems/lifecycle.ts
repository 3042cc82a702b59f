/** What the app does with a subsystem when it starts and stops: its hooks, run in build order and in reverse. */
export interface Lifecycle {
  readonly name: string;
  /** Runs once before the app serves (load rules, connect stores). */
  start?(): Promise<void>;
  /** Runs on shutdown. */
  stop?(): Promise<void>;
}

/** Starts each part in order; when one fails, stops those started (in reverse) and throws. Returns the stop of all. */
export async function startAll(parts: readonly Lifecycle[]): Promise<() => Promise<void>> {
  const started: Lifecycle[] = [];
  const stopAll = async (): Promise<void> => {
    for (const part of started.reverse()) await part.stop?.();
    started.length = 0;
  };
  try {
    for (const part of parts) {
      await part.start?.();
      started.push(part);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
