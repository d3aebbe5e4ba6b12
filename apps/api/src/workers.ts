import type { AppContext } from './context.ts';
import type { JobHandlers, LostHandlers } from './platform/queue/queue.ts';
import { sendPasswordResetMail } from './modules/auth/auth.service.ts';
import { recoverLostLetters, runLettersJob } from './modules/letters/letters.service.ts';
import { sendNotificationMail, sendOverdueNotice } from './modules/notifications/notifications.service.ts';
import { recoverLostRun, runCadGenerationJob } from './modules/plansets/cad-runs.service.ts';

/**
 * The queue handlers, one per job of platform/queue/queue.registry.ts. The same code runs inside
 * the API process (WORKERS=on, the default) and in `npm run worker` processes.
 */
export function jobHandlers(ctx: AppContext): JobHandlers {
  return {
    // At least once: a crash between the SMTP answer and the job's completion sends the mail again.
    'mail-send': async (mail) => {
      await ctx.mailTransport.send(mail);
    },
    'auth-password-reset': async ({ email }) => {
      await sendPasswordResetMail(ctx, email);
    },
    'notification-mail': async (job) => {
      await sendNotificationMail(ctx, job);
    },
    'letters-generate': async (job, attempt) => {
      await runLettersJob(ctx, job, attempt);
    },
    'job-overdue-notice': async (job) => {
      await sendOverdueNotice(ctx, job);
    },
    // Idempotent: a finished run is left alone; an interrupted one renders again from the start.
    'cad-generate': async ({ runId }, attempt) => {
      await runCadGenerationJob(ctx, runId, attempt);
    },
  };
}

/** What the areas do when a job of theirs is taken back from a process that died (queue-recovery.ts). */
export function lostHandlers(ctx: AppContext): LostHandlers {
  return {
    'cad-generate': ({ runId }, lost) => recoverLostRun(ctx, runId, lost),
    'letters-generate': (job, lost) => recoverLostLetters(ctx, job, lost),
  };
}

/** The start-up recovery alone (queue-recovery.ts): a dead process's jobs taken back, before the server listens. */
export async function recoverLostJobs(ctx: AppContext) {
  await ctx.queue.recover({ onLost: lostHandlers(ctx) });
}

export async function startWorkers(ctx: AppContext) {
  await ctx.queue.work(jobHandlers(ctx), { onLost: lostHandlers(ctx) });
}
