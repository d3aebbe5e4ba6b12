import type { ArrayInput, DesignInput } from '../design-input.schema.ts';
import { round } from '../report.builder.ts';
import type { ArrayLoads } from './array-loads.checks.ts';
import type { reducedRoofLiveLoad } from './framing.calc.ts';
import type { RailBasis } from './rail.checks.ts';

/** What the member analysis tools (Forte, SkyCiv) are given for an array, when the method is one of them (structural.calc.ts). */
export function toolExports(input: DesignInput, a: ArrayInput, l: ArrayLoads, loads: RailBasis['loads'], framing: { roofDeadPsf: number; lr: ReturnType<typeof reducedRoofLiveLoad> }): { forte?: Record<string, unknown>; skyciv?: Record<string, unknown> } {
  const { deadPsf, wind, panelSnow, roofSnow, tribWidthFt, spacingFt } = l;
  const { roofDeadPsf, lr } = framing;
  const method = input.site.structuralMethod;
  const out: { forte?: Record<string, unknown>; skyciv?: Record<string, unknown> } = {};
  const spanFt = a.framing.spansIn.reduce((x, y) => x + y, 0) / 12;
  const loadsPsf = {
    roofDeadPsf: round(roofDeadPsf, 3),
    pvDeadPsf: round(deadPsf, 3),
    roofLivePsf: round(lr.lrPsf, 3),
    snowOnPanelsPsf: round(panelSnow.psPsf, 3),
    snowOnRoofPsf: round(roofSnow.psPsf, 3),
    windUpliftPsf: round(wind.upliftPsf, 3),
    windDownwardPsf: round(wind.downwardPsf, 3),
  };
  if (method === 'forte') {
    out.forte = {
      memberType: a.framing.kind === 'truss' ? 'Roof truss top chord (verify with truss engineer)' : 'Roof rafter',
      species: a.framing.species,
      size: a.framing.size,
      spacingIn: a.framing.spacingIn,
      horizontalSpansFt: a.framing.spansIn.map((s) => round(s / 12, 3)),
      slopeDeg: a.roofPitchDeg,
      loads: [
        { name: 'Roof dead', type: 'Dead', psf: loadsPsf.roofDeadPsf },
        { name: 'PV array', type: 'Dead', psf: loadsPsf.pvDeadPsf },
        { name: 'Snow on panels', type: 'Snow', psf: loadsPsf.snowOnPanelsPsf },
        { name: 'Wind uplift (ASD 0.6W)', type: 'Wind', psf: round(-0.6 * wind.upliftPsf, 3) },
      ],
    };
  }
  if (method === 'skyciv') {
    const railOffsetFt = tribWidthFt / 2;
    out.skyciv = {
      units: 'imperial',
      lengthFt: round(spanFt / Math.cos((a.roofPitchDeg * Math.PI) / 180), 3),
      supports: [{ xFt: 0, type: 'pinned' }, { xFt: round(spanFt / Math.cos((a.roofPitchDeg * Math.PI) / 180), 3), type: 'roller' }],
      section: { material: `${a.framing.species} sawn lumber`, size: a.framing.size },
      distributedLoadsPlf: [
        { case: 'D', plf: round((roofDeadPsf * a.framing.spacingIn) / 12, 3) },
        { case: 'Lr', plf: round((lr.lrPsf * a.framing.spacingIn) / 12, 3), note: 'outside the array only' },
      ],
      pointLoadsLb: [
        { case: 'D', lb: round(loads.deadPlf * spacingFt, 2), positionsNote: `one per rail crossing; rails about ${round(railOffsetFt * 2, 2)} ft apart` },
        { case: 'S', lb: round(loads.snowPlf * spacingFt, 2) },
        { case: 'W', lb: round(-loads.windUpPlf * 0.6 * spacingFt, 2) },
      ],
      loadCombinations: 'ASCE 7 §2.4.1 ASD',
    };
  }
  return out;
}
