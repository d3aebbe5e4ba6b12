// The point of interconnection (issue 28: split out of electrical.calc.ts): the source current, each
// 705.11/705.12 option and the one chosen, the tap conductors that must match it, and the AC disconnect.
// The options themselves are evaluated by interconnection.calc.ts; this file turns them into checks.
import type { DesignInput } from '../design-input.schema.ts';
import type { Check } from '../report.schema.ts';
import { check, house, nec } from '../report.builder.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import { AC_DISCONNECT_RATINGS } from '../tables/nec-240-6.table.ts';
import type { calculateDwellingLoad } from './load-calculation.calc.ts';
import { connectionPlan } from './storage.calc.ts';
import { chooseInterconnection, type InterconnectionDecision, type InterconnectionInput } from './interconnection.calc.ts';
import { batteryCurrent, inverterOutputCurrent, type CheckSpecInputs } from './circuit-demand.calc.ts';

type DwellingLoad = ReturnType<typeof calculateDwellingLoad>;
type PrimaryConnection = ReturnType<typeof connectionPlan>['primary'];

export interface InterconnectionOutcome {
  checks: Check[];
  sourceCurrent: number;
  plan: ReturnType<typeof connectionPlan>;
  icInput: InterconnectionInput;
  decision: InterconnectionDecision;
  fused: boolean;
  acdRequired: boolean;
  disconnectA: number | null;
  productionMeter: boolean;
}

export function interconnectionChecks(input: DesignInput, edition: NecEdition, systemAcKw: number, dwellingLoad: DwellingLoad | null, calculatedLoadA: number | undefined): InterconnectionOutcome {
  const svc = input.service;
  const req = input.requirements;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  const invCurrent = inverterOutputCurrent(input);
  const batCurrent = batteryCurrent(input);
  const sourceCurrent = invCurrent + batCurrent;
  // 230.79(C): one-family dwelling → 100 A minimum service disconnect; 230.79(D): 60 A otherwise.
  const oneFamily = svc.oneFamilyDwelling ?? input.site.occupancy === 'dwelling';
  // 705.12 on the busbar the sources land on (issue 26): the main panel, or with backup the transfer
  // equipment (whole-home: it is the service equipment) or the main panel back-fed through the breaker
  // that supplies the backup side (partial), whose own busbar is then checked as well.
  const plan = connectionPlan(input);
  const prim = plan.primary;
  const icInput = interconnectionInput(input, edition, sourceCurrent, prim, oneFamily, calculatedLoadA);
  const decision: InterconnectionDecision = chooseInterconnection(icInput);
  const iChecks: Check[] = [];
  const srcInputs: Array<[string, number, string]> = [['I_inverters', invCurrent, 'A']];
  if (batCurrent > 0) srcInputs.push(['I_battery', batCurrent, 'A']);
  iChecks.push(check({
    id: 'electrical.interconnection.source-current', title: 'Power source output current at the interconnection', inputs: srcInputs,
    formula: 'I_sources = Σ continuous output currents', value: sourceCurrent, unit: 'A', ref: ref('inverterOutputCurrent'),
  }));
  optionChecks(input, edition, decision, prim, sourceCurrent, oneFamily, dwellingLoad, iChecks);
  iChecks.push(methodCheck(input, edition, decision));
  const chosen = decision.chosen;

  // The runs must match the method: a supply-side connection has tap conductors sized and bonded as
  // such (705.11(B) minimum, 250.102(C)(1) jumper), and tap conductors mean a supply-side connection.
  // A mismatch (the method chosen here, the runs given by the caller) fails rather than print a tap
  // sized as an inverter output circuit, or a breaker fed by tap conductors (issue 25).
  const tapRuns = input.runs.filter((r) => r.carries.kind === 'supply-side-tap').map((r) => r.id);
  if (input.runs.length > 0 && (chosen?.method === 'supply-side-tap') !== (tapRuns.length > 0)) {
    iChecks.push(check({
      id: 'electrical.interconnection.tap-conductors', title: 'Supply-side tap conductors match the interconnection',
      inputs: [['method', chosen?.method ?? 'none'], ['runs carrying supply-side tap conductors', tapRuns.join(', ') || 'none']],
      formula: 'supply-side connection ⇔ a run carries the supply-side tap conductors', value: tapRuns.length ? 'tap conductors without a supply-side connection' : 'supply-side connection without tap conductors', unit: '',
      pass: false, ref: nec(edition, necSection('supplySideConductor', edition)),
      remedy: tapRuns.length ? `Run ${tapRuns.join(', ')} carries supply-side tap conductors but the interconnection is ${chosen?.method ?? 'none'}: set service.preferredMethod to supply-side-tap or change the run` : 'The interconnection is a supply-side tap: the run to the service must carry the tap conductors (carries.kind supply-side-tap) so they are sized, bonded and checked as such',
    }));
  }

  const { fused, acdRequired, disconnectA } = acDisconnect(input, edition, decision, systemAcKw, iChecks);
  const productionMeter = req.productionMeter === 'always' || (req.productionMeter === 'over-10kw' && systemAcKw > 10) || (req.productionMeter === 'over-20kw' && systemAcKw > 20);
  return { checks: iChecks, sourceCurrent, plan, icInput, decision, fused, acdRequired, disconnectA, productionMeter };
}

function interconnectionInput(input: DesignInput, edition: NecEdition, sourceCurrent: number, prim: PrimaryConnection, oneFamily: boolean, calculatedLoadA: number | undefined): InterconnectionInput {
  const svc = input.service;
  const req = input.requirements;
  const onMainPanel = prim.panel === 'main-panel';
  return {
    edition,
    occupancy: input.site.occupancy,
    sourceCurrentA: sourceCurrent,
    mainBreakerA: prim.mainBreakerA,
    busbarA: prim.busbarA,
    serviceA: svc.serviceA ?? svc.mainBreakerA,
    serviceConductorAmpacityA: svc.serviceConductorAmpacityA ?? svc.serviceA ?? svc.mainBreakerA,
    serviceConductorAmpacityAssumed: svc.serviceConductorAmpacityA === undefined,
    serviceDisconnectMinimumA: oneFamily ? 100 : 60,
    serviceDisconnectMinimumRule: `${necSection('serviceDisconnectMinimum', edition)}(${oneFamily ? 'C' : 'D'})`,
    panelFeed: onMainPanel ? svc.panelFeed : 'end-fed',
    sumOfBranchBreakersA: onMainPanel ? svc.sumOfBranchBreakersA : undefined,
    feederAmpacityA: svc.feederAmpacityA,
    loadSideOcpdA: svc.loadSideOcpdA,
    calculatedLoadA,
    preferredMethod: svc.preferredMethod,
    sourceBreakerA: prim.sourceBreakerA,
    notApplicable: prim.notApplicable,
    forbids: {
      tapsNotAllowed: req.tapsNotAllowed,
      supplySideTapsNotAllowed: req.supplySideTapsNotAllowed,
      loadSideTapsNotAllowed: req.loadSideTapsNotAllowed,
      mbDerateNotAllowed: req.mbDerateNotAllowed,
    },
  };
}

/**
 * Why an option other than the chosen one is not used: forbidden by the requirements; fitting but the job orders
 * another method (drawn as ordered, issue 25), or an earlier one was chosen; nothing to do (a derate where the main
 * already fits); or it does not fit.
 */
function optionVerdict(ev: InterconnectionDecision['evaluations'][number], decision: InterconnectionDecision, svc: DesignInput['service']): string {
  if (!ev.allowed) return 'Not allowed';
  const ordered = svc.preferredMethodIsOrder && decision.chosen?.method === svc.preferredMethod;
  if (ev.fits) return ordered ? `Fits, not used: the job orders ${svc.preferredMethod}` : 'Fits, not needed';
  return ev.notNeeded ? 'Not needed' : 'Does not fit';
}

/** One check per 705.11/705.12 option evaluated, the chosen one marked. */
function optionChecks(input: DesignInput, edition: NecEdition, decision: InterconnectionDecision, prim: PrimaryConnection, sourceCurrent: number, oneFamily: boolean, dwellingLoad: DwellingLoad | null, iChecks: Check[]): void {
  const svc = input.service;
  const onMainPanel = prim.panel === 'main-panel';
  const methodInputs = (m: string): CheckSpecInputs => {
    if (m === 'supply-side-tap') {
      return edition === '2017'
        ? [['service rating', svc.serviceA ?? svc.mainBreakerA, 'A']]
        : [[svc.serviceConductorAmpacityA === undefined ? 'service conductor ampacity (service rating assumed)' : 'service conductor ampacity', svc.serviceConductorAmpacityA ?? svc.serviceA ?? svc.mainBreakerA, 'A']];
    }
    if (m === 'main-breaker-derate') {
      return [
        [`minimum service disconnect (${necSection('serviceDisconnectMinimum', edition)}(${oneFamily ? 'C' : 'D'}))`, oneFamily ? 100 : 60, 'A'],
        dwellingLoad ? [`calculated load (${dwellingLoad.result.method})`, dwellingLoad.totalA, 'A'] : svc.calculatedLoadA !== undefined ? ['calculated load (given)', svc.calculatedLoadA, 'A'] : ['calculated load (Article 220)', 'not given'],
      ];
    }
    return [];
  };
  for (const ev of decision.evaluations) {
    const chosen = decision.chosen === ev;
    iChecks.push(check({
      id: `electrical.interconnection.${ev.method}`, title: `Interconnection option: ${ev.method} (${ev.rule})`,
      inputs: [...(onMainPanel ? [] : [['busbar of', prim.panel] as [string, string]]), ['I_sources', sourceCurrent, 'A'], ['main breaker', prim.mainBreakerA, 'A'], ['busbar', prim.busbarA, 'A'], [prim.sourceBreakerA !== undefined ? 'back-fed breaker (supply of the backup side)' : 'PV breaker', decision.pvBreakerA, 'A'], ...methodInputs(ev.method), ['allowed by requirements', ev.allowed]],
      formula: ev.formula, value: ev.value, unit: 'A', limit: { relation: ev.relation, value: ev.limit },
      pass: chosen ? true : null, ref: nec(edition, ev.section),
      notes: [chosen ? `Selected: ${ev.reason}` : `${optionVerdict(ev, decision, svc)}: ${ev.reason}`],
    }));
  }
}

/** The method chosen, or why none is (an ordered method that does not fit is refused, not replaced). */
function methodCheck(input: DesignInput, edition: NecEdition, decision: InterconnectionDecision): Check {
  const svc = input.service;
  const chosen = decision.chosen;
  // An ordered method is drawn as ordered or not at all (issue 25): never silently replaced by another.
  // A derate ordered where the PV breaker fits without one is that breaker with the main kept (the
  // order's breaker in the panel, less work), said in a note; any other replacement is refused.
  const derateNotNeeded = svc.preferredMethod === 'main-breaker-derate' && chosen?.method === 'load-side-breaker';
  const orderRejected = svc.preferredMethodIsOrder && svc.preferredMethod !== undefined && chosen?.method !== svc.preferredMethod && !derateNotNeeded;
  const orderedEval = decision.evaluations.find((ev) => ev.method === svc.preferredMethod);
  const interconnectNotes: string[] = [];
  if (svc.preferredMethodIsOrder && derateNotNeeded) interconnectNotes.push('A main breaker derate was ordered, but the PV breaker fits without one: the main breaker is kept');
  if (decision.preferredRejected) interconnectNotes.push(`Preferred method rejected (${decision.preferredRejected}); proposing the next allowed method`);
  return check({
    id: 'electrical.interconnection.method', title: 'Interconnection method',
    inputs: [['preferred', svc.preferredMethod ?? 'none']], formula: 'first allowed method that fits, in order: load-side breaker, load-side tap, main breaker derate, supply-side tap',
    value: chosen ? `${chosen.method} (${chosen.rule})` : 'none fits', unit: '', pass: chosen !== null && !orderRejected,
    ref: nec(edition, chosen ? chosen.section : `${necSection('busbar120', edition)}; ${necSection('supplySide', edition)}`),
    remedy: orderRejected
      ? `The ordered ${svc.preferredMethod} ${orderedEval?.allowed === false ? 'is not allowed' : 'does not fit'}${orderedEval ? ` (${orderedEval.reason})` : ''}: order ${chosen ? `another interconnection (${chosen.method} fits)` : 'another interconnection'}${decision.upgradeBusbarA ? ` or a main panel upgrade to a ${decision.upgradeBusbarA} A busbar` : ''}`
      : decision.upgradeBusbarA ? `No allowed method fits: upgrade the main panel to a ${decision.upgradeBusbarA} A busbar, or reduce the system size` : 'No allowed method fits: reduce the system size or upgrade the service',
    notes: interconnectNotes,
  });
}

/** The AC disconnect: required by the method, the requirements or the design itself; rated on the PV breaker. */
function acDisconnect(input: DesignInput, edition: NecEdition, decision: InterconnectionDecision, systemAcKw: number, iChecks: Check[]): { fused: boolean; acdRequired: boolean; disconnectA: number | null } {
  const req = input.requirements;
  const chosen = decision.chosen;
  const fused = req.fusedAcDisconnectRequired || chosen?.method === 'supply-side-tap';
  // A disconnect the design runs its circuits through is rated like a required one (issue 25: Ramirez and
  // Chen drew an AC disconnect their report gave no rating, printed "A NON-FUSED").
  const acdInDesign = input.runs.some((r) => /\bdisconnect\b/i.test(r.from) || /\bdisconnect\b/i.test(r.to));
  const acdRequired = chosen?.method === 'supply-side-tap' || req.acDisconnect === 'always' || (req.acDisconnect === 'over-10kw' && systemAcKw > 10) || acdInDesign;
  const ocpdForDisconnect = decision.pvBreakerA;
  const disconnectA = acdRequired ? AC_DISCONNECT_RATINGS.find((r) => r >= ocpdForDisconnect) ?? null : null;
  if (acdRequired) {
    iChecks.push(check({
      id: 'electrical.ac-disconnect', title: `AC disconnect (${fused ? 'fused' : 'non-fused'})`,
      inputs: [['OCPD/fuse', ocpdForDisconnect, 'A'], ['rule', req.acDisconnect], ['fused required', req.fusedAcDisconnectRequired], ['system AC', systemAcKw, 'kW'], ['in the design', acdInDesign]],
      formula: 'smallest of 30/60/100/200 A ≥ OCPD', value: disconnectA ?? 'none', unit: 'A', pass: disconnectA !== null,
      ref: chosen?.method === 'supply-side-tap' ? nec(edition, necSection('supplySide', edition)) : house('AC disconnect required by the AHJ or utility'),
      remedy: 'Use a disconnect rated above 200 A (engineered)',
    }));
  }
  return { fused, acdRequired, disconnectA };
}
