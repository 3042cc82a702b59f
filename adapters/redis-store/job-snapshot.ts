/**
 * One poll's view of a BullMQ job, read in one MULTI/EXEC so that it is a single snapshot: the job's hash (its
 * request, progress, result and times) and the state lists it belongs to. BullMQ finishes a job in one script
 * (the result and finishedOn written to the hash and the id moved from active to completed together), so a
 * snapshot that says completed always holds the result. Two separate reads, the hash and then the state, can
 * straddle that script and see the job still running and then completed: `succeeded` without `results`.
 * The keys share the queue's hash tag (key-names.ts, jobPrefix), so the MULTI runs on a Redis Cluster too.
 */
import type { RedisClient } from './connection.js';

/** Where a job stands, as far as a poll needs: the states a poll tells apart (waiting, delayed... are `queued`). */
export type JobState = 'completed' | 'failed' | 'active' | 'queued';

export interface JobSnapshot {
  state: JobState;
  /** The job's hash as stored by BullMQ (field → string). */
  fields: Record<string, string>;
}

/** The BullMQ keys one snapshot reads (Queue.toKey(id) and Queue.keys.completed/failed/active). */
export interface JobKeys {
  job: string;
  completed: string;
  failed: string;
  active: string;
}

/** The job's hash and state in one atomic read; undefined when the job's hash does not exist. */
export async function readJobSnapshot(client: RedisClient, keys: JobKeys, id: string): Promise<JobSnapshot | undefined> {
  const replies = await client
    .multi()
    .hgetall(keys.job)
    .zscore(keys.completed, id)
    .zscore(keys.failed, id)
    .lpos(keys.active, id)
    .exec();
  if (!replies) throw new Error('the job snapshot transaction was aborted');
  const failure = replies.find(([error]) => error);
  if (failure) throw failure[0];
  const [fields, completed, failed, active] = replies.map(([, value]) => value) as [Record<string, string>, string | null, string | null, number | null];
  if (Object.keys(fields).length === 0) return undefined;
  // The same precedence as BullMQ's own getState script: finished sets first, then the active list.
  const state: JobState = completed !== null ? 'completed' : failed !== null ? 'failed' : active !== null ? 'active' : 'queued';
  return { state, fields };
}
