import { z } from 'zod';

/**
 * Every background job the system knows: its queue name, the zod schema of its payload and how it
 * is retried. A payload is checked when it is sent and again when a worker takes it, so a job
 * written by an older or newer process version never reaches a handler malformed.
 * Handlers must be idempotent: a job interrupted by a crash (or past its time limit, which pg-boss
 * does not enforce on the handler) runs again.
 */
export type JobDefinition = {
  payload: z.ZodType;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when retryBackoff is set. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long one attempt may stay active before it counts as lost (a crashed worker) and is retried. */
  expireInSeconds: number;
  /** A run (plan set, letters): a process works up to WORKER_CONCURRENCY of these at once; other jobs one at a time. */
  run?: boolean;
};

export const ZMailJob = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string().optional(),
  /** Only the headers mail we send uses; values on one line (no header injection). */
  headers: z.record(z.string().regex(/^(List-Unsubscribe(-Post)?|Reply-To)$/), z.string().max(2000).regex(/^[^\r\n]*$/)).optional(),
});

/** A password reset asked for by address; whether the account exists is found out by the worker. */
export const ZPasswordResetJob = z.object({ email: z.string().min(3).max(320) });

/** The notification mail of one person about one job, sent when its batch window ends. */
export const ZNotificationMailJob = z.object({ userId: z.string().uuid(), jobId: z.string().uuid() });

/**
 * One generate-letters run: calculate the job's design, render, seal and store each letter. No
 * secret travels here: a digital signature is made afterwards, per letter, with the engineer's P12.
 */
export const ZLettersJob = z.object({
  runId: z.string().uuid(),
  jobId: z.string().uuid(),
  actorId: z.string().uuid(),
  actorRole: z.string(),
  letterTypes: z.array(z.string()).min(1),
  arrays: z.array(z.record(z.string(), z.unknown())).optional(),
  includeDigitalSignature: z.boolean(),
  revisionLetterData: z.object({ reason: z.string(), description: z.string(), changes: z.array(z.object({ item: z.string(), before: z.string().optional(), after: z.string().optional() })) }).nullable(),
  /** What some letters need beyond the job (structural method and result file, ground mount, battery mount, roof area, third party), as generate-letters took it. */
  letterData: z.record(z.string(), z.unknown()).optional(),
});
/** Tell staff a job turned overdue, if it still turns overdue at that instant. */
export const ZOverdueNoticeJob = z.object({ jobId: z.string().uuid(), overdueAt: z.string().datetime() });
/** One plan-set generation run (modules/plansets): the run row holds everything else. */
export const ZCadGenerateJob = z.object({ runId: z.string().uuid() });

export const JOB_DEFINITIONS = {
  /** One outgoing mail. Retried for about a day (30 s doubling) before it is given up and logged. */
  'mail-send': { payload: ZMailJob, retryLimit: 12, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
  /**
   * Looks the address up, stores a reset token and queues its mail. Sent by the request so the
   * answer is the same in content and time for any address, and nothing is lost if the process
   * stops right after answering. Retries are safe: the per-account cap bounds the tokens made.
   */
  'auth-password-reset': { payload: ZPasswordResetJob, retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 60 },
  /**
   * One person's notification mail about one job: the unread, unmailed notifications gathered in
   * the batch window become one mail (queued as `mail-send`). Safe to run twice: it only takes
   * notifications no run has handled yet.
   */
  'notification-mail': { payload: ZNotificationMailJob, retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
  /**
   * A generate-letters run (letters.service.ts runLetters). Deterministic failures (a missing fact,
   * a refused letter) are reported as events and not retried; one retry covers a lost worker. A
   * rerun skips the letters its run already stored.
   */
  'letters-generate': { payload: ZLettersJob, retryLimit: 1, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 300, run: true },
  /**
   * Queued for the instant a job turns overdue; when it runs it checks the job still turns overdue
   * then and tells staff once (a notice per job and instant). Safe to run twice.
   */
  'job-overdue-notice': { payload: ZOverdueNoticeJob, retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 60 },
  /**
   * A plan-set run. Its own limit is 120 s (decisions.md); a worker killed mid-run leaves the job
   * active until that limit passes, then it is taken again and the run renders from the start
   * (files are written only by a complete run). Deterministic failures (a bad input) end the run
   * as failed without throwing, so only a crash or an infrastructure error is retried.
   */
  'cad-generate': { payload: ZCadGenerateJob, retryLimit: 2, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 120, run: true },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOB_DEFINITIONS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_DEFINITIONS)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];
