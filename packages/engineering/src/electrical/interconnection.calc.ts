import { PANEL_BUSBAR_RATINGS, standardRatingAtOrAbove, standardRatingAtOrBelow } from '../tables/nec-240-6.table.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import type { InterconnectionMethod } from '../design-input.schema.ts';

export interface InterconnectionInput {
  edition: NecEdition;
  occupancy: 'dwelling' | 'other';
  /** Sum of the continuous output currents of every source on the busbar, A. */
  sourceCurrentA: number;
  mainBreakerA: number;
  busbarA: number;
  serviceA: number;
  /** Ampacity of the service conductors (705.11(A), NEC 2020 and later). */
  serviceConductorAmpacityA: number;
  /** True when serviceConductorAmpacityA was not given and the service rating stands in for it. */
  serviceConductorAmpacityAssumed: boolean;
  /** 230.79: smallest service disconnect the derate may propose (100 A one-family dwelling, 60 A otherwise). */
  serviceDisconnectMinimumA: number;
  serviceDisconnectMinimumRule: string;
  panelFeed: 'end-fed' | 'center-fed';
  sumOfBranchBreakersA?: number | undefined;
  feederAmpacityA?: number | undefined;
  loadSideOcpdA?: number | undefined;
  calculatedLoadA?: number | undefined;
  preferredMethod?: InterconnectionMethod | undefined;
  /**
   * The breaker that is back-fed, when it is not one sized for the sources (a partial-backup panel's
   * supply breaker in the main panel): the sum-of-breakers rule and the report use its rating.
   */
  sourceBreakerA?: number | undefined;
  /** Methods that do not apply to this busbar, with the reason (a backup panel is not the service). */
  notApplicable?: Partial<Record<InterconnectionMethod, string>> | undefined;
  forbids: {
    tapsNotAllowed: boolean;
    supplySideTapsNotAllowed: boolean;
    loadSideTapsNotAllowed: boolean;
    mbDerateNotAllowed: boolean;
  };
}

export interface MethodEvaluation {
  method: InterconnectionMethod;
  allowed: boolean;
  fits: boolean;
  /** The busbar or feeder rule that made it fit (or the first that was tried). */
  rule: string;
  section: string;
  formula: string;
  value: number;
  limit: number;
  relation: '<=' | '>=';
  reason: string;
  newMainBreakerA?: number;
  /** Not used because nothing calls for it (the existing main already fits the busbar: no derate to make). */
  notNeeded?: boolean;
}

export interface InterconnectionDecision {
  pvBreakerA: number;
  evaluations: MethodEvaluation[];
  chosen: MethodEvaluation | null;
  preferredRejected: string | null;
  upgradeBusbarA: number | null;
}

const ORDER: InterconnectionMethod[] = ['load-side-breaker', 'load-side-tap', 'main-breaker-derate', 'supply-side-tap'];

function forbiddenReason(method: InterconnectionMethod, f: InterconnectionInput['forbids']): string | null {
  if (method === 'supply-side-tap' && f.tapsNotAllowed) return 'taps not allowed (requirement)';
  if (method === 'supply-side-tap' && f.supplySideTapsNotAllowed) return 'supply-side taps not allowed (requirement)';
  if (method === 'load-side-tap' && f.tapsNotAllowed) return 'taps not allowed (requirement)';
  if (method === 'load-side-tap' && f.loadSideTapsNotAllowed) return 'load-side taps not allowed (requirement)';
  if (method === 'main-breaker-derate' && f.mbDerateNotAllowed) return 'main breaker derate not allowed (requirement)';
  return null;
}

export function evaluateLoadSideBreaker(x: InterconnectionInput, pvBreakerA: number): Omit<MethodEvaluation, 'allowed' | 'method'> {
  const source125 = 1.25 * x.sourceCurrentA;
  const sum = source125 + x.mainBreakerA;
  const e = x.edition;
  if (sum <= x.busbarA + 1e-9) {
    return { fits: true, rule: '100 % rule', section: necSection('busbar100', e), formula: '1.25 × I_sources + I_main ≤ I_busbar', value: sum, limit: x.busbarA, relation: '<=', reason: 'fits the busbar rating' };
  }
  // The 120 % allowance needs the source at the far end from the main; a centre-fed panel gets it
  // only in a dwelling, at one end (the centre-fed rule).
  const centreFed = x.panelFeed === 'center-fed';
  const allow120 = !centreFed || x.occupancy === 'dwelling';
  const rule120 = centreFed ? 'centre-fed panel rule (120 %)' : '120 % rule';
  const section120 = necSection(centreFed ? 'busbarCenterFed' : 'busbar120', e);
  if (allow120 && sum <= 1.2 * x.busbarA + 1e-9) {
    return { fits: true, rule: rule120, section: section120, formula: '1.25 × I_sources + I_main ≤ 1.2 × I_busbar', value: sum, limit: 1.2 * x.busbarA, relation: '<=', reason: 'PV breaker at the opposite end of the busbar from the main' };
  }
  if (x.sumOfBranchBreakersA !== undefined) {
    const total = x.sumOfBranchBreakersA + pvBreakerA;
    if (total <= x.busbarA + 1e-9) {
      return { fits: true, rule: 'sum-of-breakers rule', section: necSection('busbarSum', e), formula: 'Σ breakers (excl. main) + PV breaker ≤ I_busbar', value: total, limit: x.busbarA, relation: '<=', reason: 'all breakers except the main fit the busbar' };
    }
  }
  return {
    fits: false,
    rule: allow120 ? rule120 : '100 % rule',
    section: allow120 ? section120 : necSection('busbar100', e),
    formula: allow120 ? '1.25 × I_sources + I_main ≤ 1.2 × I_busbar' : '1.25 × I_sources + I_main ≤ I_busbar',
    value: sum,
    limit: allow120 ? 1.2 * x.busbarA : x.busbarA,
    relation: '<=',
    reason: 'busbar would be overloaded',
  };
}

function evaluate(method: InterconnectionMethod, x: InterconnectionInput, pvBreakerA: number): MethodEvaluation {
  const forbidden = x.notApplicable?.[method] ?? forbiddenReason(method, x.forbids);
  const e = x.edition;
  let r: Omit<MethodEvaluation, 'allowed' | 'method'>;
  switch (method) {
    case 'load-side-breaker':
      r = evaluateLoadSideBreaker(x, pvBreakerA);
      break;
    case 'load-side-tap': {
      const need = x.mainBreakerA + 1.25 * x.sourceCurrentA;
      const section = necSection('loadSideFeeder', e);
      if (x.feederAmpacityA === undefined) {
        r = { fits: false, rule: 'feeder rule', section, formula: 'I_feeder ≥ I_main + 1.25 × I_sources', value: 0, limit: need, relation: '>=', reason: 'feeder ampacity not given' };
      } else if (x.feederAmpacityA >= need - 1e-9) {
        r = { fits: true, rule: 'feeder ampacity rule', section, formula: 'I_feeder ≥ I_main + 1.25 × I_sources', value: x.feederAmpacityA, limit: need, relation: '>=', reason: 'feeder carries both sources' };
      } else if (x.loadSideOcpdA !== undefined && x.loadSideOcpdA <= x.feederAmpacityA + 1e-9) {
        r = { fits: true, rule: 'load-side OCPD rule', section, formula: 'I_feeder ≥ OCPD on the load side of the tap', value: x.feederAmpacityA, limit: x.loadSideOcpdA, relation: '>=', reason: 'an OCPD protects the feeder beyond the tap' };
      } else {
        r = { fits: false, rule: 'feeder rule', section, formula: 'I_feeder ≥ I_main + 1.25 × I_sources', value: x.feederAmpacityA, limit: need, relation: '>=', reason: 'feeder would be overloaded' };
      }
      break;
    }
    case 'main-breaker-derate': {
      const allow120 = x.panelFeed === 'end-fed' || x.occupancy === 'dwelling';
      const factor = allow120 ? 1.2 : 1.0;
      const maxMain = factor * x.busbarA - 1.25 * x.sourceCurrentA;
      const newMain = standardRatingAtOrBelow(maxMain);
      const busSection = necSection(allow120 ? (x.panelFeed === 'center-fed' ? 'busbarCenterFed' : 'busbar120') : 'busbar100', e);
      const section = `${busSection}; ${x.serviceDisconnectMinimumRule}`;
      const formula = `I_main,new ≤ ${factor} × I_busbar − 1.25 × I_sources; I_main,new ≥ ${x.serviceDisconnectMinimumA} A (${x.serviceDisconnectMinimumRule}); I_main,new ≥ I_calc (Article 220; 230.79)`;
      const floorA = x.serviceDisconnectMinimumA;
      if (newMain !== null && newMain < x.mainBreakerA && newMain < floorA) {
        // The busbar would allow only a main smaller than a legal service disconnect: no derate.
        r = { fits: false, rule: 'derated main', section, formula, value: newMain, limit: maxMain, relation: '<=', reason: `a derated main of ${newMain} A would be below the ${floorA} A minimum service disconnect (${x.serviceDisconnectMinimumRule}); the busbar allows at most ${Math.round(maxMain * 100) / 100} A` };
      } else if (newMain === null && x.mainBreakerA > floorA) {
        r = { fits: false, rule: 'derated main', section, formula, value: 0, limit: maxMain, relation: '<=', reason: `no standard main breaker fits the busbar (at most ${Math.round(maxMain * 100) / 100} A), and the service disconnect may not be below ${floorA} A (${x.serviceDisconnectMinimumRule})` };
      } else if (newMain === null) {
        r = { fits: false, rule: 'derated main', section, formula, value: 0, limit: maxMain, relation: '<=', reason: 'no standard main breaker is small enough' };
      } else if (newMain >= x.mainBreakerA) {
        r = { fits: false, notNeeded: true, rule: 'derated main', section, formula, value: newMain, limit: maxMain, relation: '<=', reason: `the existing ${x.mainBreakerA} A main is already within what the busbar allows (at most ${Math.round(maxMain * 100) / 100} A): no derate to make` };
      } else if (x.calculatedLoadA === undefined) {
        // A derated main must still carry the dwelling's load (230.79: a rating not less than the load
        // calculated by Article 220). Without the calculation the derate is not shown to be safe, so it
        // is not proposed (issue 26: derates printed with "a load calculation must confirm it").
        r = { fits: false, rule: 'derated main', section, formula, value: newMain, limit: maxMain, relation: '<=', reason: `a derate to ${newMain} A needs an Article 220 load calculation (220.82, 220.83 or 220.87) showing the dwelling's load within ${newMain} A (230.79)`, newMainBreakerA: newMain };
      } else if (newMain < x.calculatedLoadA - 1e-9) {
        r = { fits: false, rule: 'derated main', section, formula, value: newMain, limit: maxMain, relation: '<=', reason: `derated main ${newMain} A is below the calculated load ${Math.round(x.calculatedLoadA * 100) / 100} A (230.79)`, newMainBreakerA: newMain };
      } else {
        r = {
          fits: true,
          rule: 'derated main',
          section,
          formula,
          value: newMain,
          limit: maxMain,
          relation: '<=',
          reason: `replace the main with ${newMain} A (calculated load ${Math.round(x.calculatedLoadA * 100) / 100} A, Article 220)`,
          newMainBreakerA: newMain,
        };
      }
      break;
    }
    case 'supply-side-tap': {
      const section = necSection('supplySideRating', e);
      if (e === '2017') {
        // 2017 705.12(A): the sum of the ratings of the sources' OCPDs ≤ the rating of the service.
        const fits = pvBreakerA <= x.serviceA + 1e-9;
        r = { fits, rule: 'supply-side connection', section, formula: 'Σ source OCPD ratings ≤ service rating', value: pvBreakerA, limit: x.serviceA, relation: '<=', reason: fits ? 'fused disconnect on the supply side of the service disconnect' : `the sources' OCPD ratings (${pvBreakerA} A) exceed the service rating (${x.serviceA} A)` };
      } else {
        // 2020/2023 705.11(A): the sum of the sources' continuous output currents ≤ the ampacity of the service conductors.
        const fits = x.sourceCurrentA <= x.serviceConductorAmpacityA + 1e-9;
        const assumed = x.serviceConductorAmpacityAssumed ? ` (service conductor ampacity not given: the service rating ${x.serviceConductorAmpacityA} A is used; enter service.serviceConductorAmpacityA)` : '';
        r = { fits, rule: 'supply-side connection', section, formula: 'Σ I_sources,cont ≤ ampacity of the service conductors', value: x.sourceCurrentA, limit: x.serviceConductorAmpacityA, relation: '<=', reason: (fits ? 'fused disconnect on the supply side of the service disconnect' : `the sources' continuous output current (${Math.round(x.sourceCurrentA * 100) / 100} A) exceeds the service conductors' ampacity (${x.serviceConductorAmpacityA} A)`) + assumed };
      }
      break;
    }
  }
  return { method, allowed: forbidden === null, ...r, reason: forbidden ?? r.reason };
}

/** Picks the first allowed method that fits, trying the preferred one first. */
export function chooseInterconnection(x: InterconnectionInput): InterconnectionDecision {
  const pvBreakerA = x.sourceBreakerA ?? standardRatingAtOrAbove(1.25 * x.sourceCurrentA);
  const order = x.preferredMethod ? [x.preferredMethod, ...ORDER.filter((m) => m !== x.preferredMethod)] : ORDER;
  const evaluations = order.map((m) => evaluate(m, x, pvBreakerA));
  const chosen = evaluations.find((ev) => ev.allowed && ev.fits) ?? null;
  let preferredRejected: string | null = null;
  if (x.preferredMethod && chosen?.method !== x.preferredMethod) {
    const p = evaluations[0];
    preferredRejected = `${p.method}: ${p.reason}`;
  }
  let upgradeBusbarA: number | null = null;
  if (chosen === null) {
    const need = (x.mainBreakerA + 1.25 * x.sourceCurrentA) / 1.2;
    upgradeBusbarA = PANEL_BUSBAR_RATINGS.find((b) => b >= need - 1e-9) ?? null;
  }
  return { pvBreakerA, evaluations, chosen, preferredRejected, upgradeBusbarA };
}
