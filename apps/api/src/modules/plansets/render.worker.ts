import { parentPort, receiveMessageOnPort } from 'node:worker_threads';
import { renderPlanSet } from '@sunstamp/planset/planset.render';
import { PlanSetError } from '@sunstamp/planset/planset.errors';

/*
 * The worker thread of render.pool.ts: renders one plan set per message, posting each stage as it
 * starts ({ id, progress: stage }), then the set ({ id, ok: true, out }) or why it was refused
 * ({ id, ok: false, error: { key, detail } } for a PlanSetError, { message } otherwise). An
 * { id, abort: true } aborts that render between its stages, as the run's time limit does in process:
 * a render does not return to the event loop between stages, so at each stage the port is read
 * synchronously for it (the pool sends a thread nothing else while its render runs).
 */
const running = new Map<number, AbortController>();

parentPort!.on('message', (m: { id: number; input?: unknown; abort?: true }) => {
  if (m.abort) {
    running.get(m.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(m.id, controller);
  const onStage = (stage: string) => {
    for (let next = receiveMessageOnPort(parentPort!); next; next = receiveMessageOnPort(parentPort!)) {
      const msg = next.message as { id: number; abort?: true };
      if (msg.abort) running.get(msg.id)?.abort();
    }
    parentPort!.postMessage({ id: m.id, progress: stage });
  };
  renderPlanSet(m.input, { signal: controller.signal, onStage })
    .then((out) => parentPort!.postMessage({ id: m.id, ok: true, out }))
    .catch((e: unknown) => parentPort!.postMessage({
      id: m.id, ok: false,
      error: e instanceof PlanSetError ? { key: e.key, detail: e.detail } : { message: String((e as Error)?.stack ?? e).slice(0, 2000) },
    }))
    .finally(() => running.delete(m.id));
});
