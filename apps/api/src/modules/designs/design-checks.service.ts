import type { DesignCheckAnswer, DesignEngineCheck } from '@sunstamp/domain/contracts/designs';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { visibleJob } from '../jobs/jobs.api.ts';
import { assembleGeneration, blockedMessage, codeRefText, type EngineCheck, runEngine } from '../plansets/plansets.api.ts';
import { checkElectricalDesign, checkModelShape, factsOf, requireDesigner } from './designs.service.ts';

/*
 * The Design page's live checks: the unsaved model goes through the plan-set run's own input
 * assembly (assembleGeneration with the model in place of the saved one) and the engine, so what
 * the designer sees is what a run would be refused for. Nothing is stored. The model must hold
 * together (400 otherwise, as a save); unlike a save it may leave modules unstrung or place a
 * different count while the designer works: the engine's and the assembly's answers say so.
 */

type Ctx = Pick<AppContext, 'caches' | 'clock' | 'database' | 'storage'>;

const round = (v: number) => Math.round(v * 100) / 100;
const valueText = (v: number | string | boolean, unit?: string) => {
  const s = typeof v === 'number' ? String(round(v)) : typeof v === 'boolean' ? (v ? 'yes' : 'no') : v;
  return unit ? `${s} ${unit}` : s;
};
const RELATION: Record<string, string> = { '<=': '≤', '>=': '≥', '<': '<', '>': '>', '=': '=' };

function answerCheck(c: EngineCheck): DesignEngineCheck {
  const circuit = /^electrical\.(?:string|branch)\.([^.]+)\./.exec(c.id);
  return {
    id: c.id,
    title: c.title,
    section: c.section,
    pass: c.pass === true,
    value: valueText(c.value, c.unit),
    limit: c.limit ? `${RELATION[c.limit.relation] ?? c.limit.relation} ${valueText(c.limit.value, c.limit.unit || c.unit)}` : null,
    remedy: c.remedy ?? null,
    code_ref: codeRefText(c),
    circuit_id: circuit ? circuit[1]! : null,
  };
}

/** POST /jobs/{id}/design/check: staff and the assigned contractor (the designers), like a save. */
export async function checkDesign(ctx: Ctx, p: Principal, jobId: string, input: DesignModel): Promise<DesignCheckAnswer> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireDesigner(p, r);
  const facts = await factsOf(ctx, r);
  const model = { ...input, revision: r.job.revisionNumber };
  checkModelShape(model);
  checkElectricalDesign(model, facts.microInverters, false);
  const kind = facts.microInverters ? 'branch_circuits' as const : 'strings' as const;
  const empty = { checks: [], failures: 0, system_dc_kw: null, system_ac_kw: null, auto_assignment: [], electrical_source: null, input_hash: null };

  const assembled = await assembleGeneration(ctx, r.job, { design: model });
  if (!assembled.ok) {
    return {
      ...empty, status: 'incomplete', kind, missing: assembled.missing,
      message: `The plan set cannot be generated yet: ${assembled.missing.map((m) => m.message).join(' ')}`,
    };
  }
  const { electrical, hash } = assembled.inputs;
  const base = { kind: electrical.kind, electrical_source: electrical.source, auto_assignment: electrical.auto, input_hash: hash, missing: [] };
  const engine = runEngine(assembled.inputs.engine);
  if (!engine.ok) return { ...empty, ...base, status: 'refused', message: engine.refusal };
  const checks = [...engine.failing, ...engine.checks.filter((c) => c.pass === true)].map(answerCheck);
  return {
    ...base,
    status: engine.failing.length ? 'fail' : 'pass',
    message: engine.failing.length ? blockedMessage(engine.failing) : null,
    checks,
    failures: engine.failing.length,
    system_dc_kw: round(engine.report.summary.systemDcKw),
    system_ac_kw: round(engine.report.summary.systemAcKw),
  };
}
