import type { ArrayInput, DesignInput } from '../design-input.schema.ts';
import type { Check } from '../report.schema.ts';
import { asce, check } from '../report.builder.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { addedGravityLoad, reducedRoofLiveLoad } from './framing.calc.ts';
import { rafterCheck } from './member.calc.ts';
import { roofingDeadLoadOf, SHEATHING_DEAD_LOAD } from '../tables/roofing-dead-load.table.ts';
import { GRADE_NAME, SPECIES_NAME } from '../tables/nds-lumber.table.ts';
import type { ArrayLoads } from './array-loads.checks.ts';

// The existing framing under an array: its dead load, the 5 % added-load rule and the member's NDS
// checks (the third step of an array's structural section in structural.calc.ts).

const IEBC_SECTION: Record<string, string> = { '2015': '403.3', '2018': '503.3', '2021': '503.3', '2024': '503.3' };

type Member = NonNullable<ReturnType<typeof rafterCheck>>;

/** The framing checks of an array, with the roof dead and live loads the tool exports reuse. */
export function framingChecks(input: DesignInput, a: ArrayInput, l: ArrayLoads): { checks: Check[]; roofDeadPsf: number; lr: ReturnType<typeof reducedRoofLiveLoad> } {
  const { ed, idp, t, deadPsf, wind, panelSnow, roofSnow, asdSnow } = l;
  const mod = input.equipment.module;
  const req = input.requirements;
  const checks: Check[] = [];
  const trib = (a.framing.spacingIn / 12) * (a.framing.spansIn.reduce((x, y) => x + y, 0) / 12);
  const lr = reducedRoofLiveLoad(a.roofLiveLoadPsf, a.roofPitchDeg, trib);
  const method = input.site.structuralMethod;
  const f = a.framing;
  const said = (fact: (typeof f.verified)[number]) => (f.verified.includes(fact) ? 'verified' : 'assumed');

  // The existing roof's dead load: the roofing's ASCE 7 Table C3-1 value, sheathing and the member's own
  // weight, or the value staff entered from the site (issue 24, finding 3: no hidden 10 psf).
  const roofing = roofingDeadLoadOf(a.roofMaterial);
  if (a.roofDeadLoadPsf === undefined && !roofing) {
    throw new EngineRefusalError('inputs-missing', `Array ${a.id}'s roofing "${a.roofMaterial}" is not in the roof dead load table (ASCE 7 Table C3-1): enter the roof dead load (psf of roof surface, roofing and sheathing) in the job's structural data.`, [`arrays.${a.id}.roofDeadLoadPsf`]);
  }
  const ballastPsf = a.attachment.kind === 'ballast' ? a.attachment.ballastPsf ?? 0 : 0;
  const snowForMember = asdSnow * panelSnow.psPsf;
  const alongSlopeIn = a.orientation === 'portrait' ? mod.lengthIn : mod.widthIn;
  const coveredIn = Math.min(Math.max(...f.spansIn), f.panelsOnRafter * alongSlopeIn * Math.cos((a.roofPitchDeg * Math.PI) / 180));
  const coverPsf = a.roofDeadLoadPsf ?? roofing!.psf + SHEATHING_DEAD_LOAD.psf;
  const member = rafterCheck({
    size: f.size, spacingIn: f.spacingIn, spansIn: f.spansIn, pitchDeg: a.roofPitchDeg, species: f.species, grade: f.grade,
    roofDeadPsf: coverPsf, pvDeadPsf: deadPsf + ballastPsf, snowPsf: snowForMember, roofSnowPsf: asdSnow * roofSnow.psPsf, roofLivePsf: lr.lrPsf, coveredIn, windDownPsf: wind.downwardPsf,
  });
  if (!member) throw new EngineRefusalError('configuration-not-supported', `Array ${a.id}: ${SPECIES_NAME[f.species]} ${GRADE_NAME[f.grade]} has no reference design values in the engine's NDS tables: choose the grade the framing is stamped with (No. 1 or No. 2).`, [`arrays.${a.id}.framing.grade`]);
  const roofDeadPsf = coverPsf + member.selfWeightPsf;
  checks.push(check({
    id: `${idp}.roof-dead-load`, title: `${t}: existing roof dead load`,
    inputs: a.roofDeadLoadPsf !== undefined
      ? [['roofing and sheathing (' + said('roof-dead-load') + ', entered)', a.roofDeadLoadPsf, 'psf'], [`${f.size} framing, own weight`, member.selfWeightPsf, 'psf']]
      : [[`${roofing!.name} (${roofing!.source})`, roofing!.psf, 'psf'], [`sheathing (${SHEATHING_DEAD_LOAD.source})`, SHEATHING_DEAD_LOAD.psf, 'psf'], [`${f.size} framing, own weight (ASCE 7 Table C3-2)`, member.selfWeightPsf, 'psf']],
    formula: 'D_roof = roofing + sheathing + framing', value: roofDeadPsf, unit: 'psf',
    ref: asce(ed, a.roofDeadLoadPsf !== undefined ? '§3.1.2 (actual weights); entered from the site survey' : '§3.1.2; Tables C3-1, C3-2 (commentary)'),
  }));
  // Ballast is dead load the existing framing carries too.
  const added = addedGravityLoad(roofDeadPsf, lr.lrPsf, asdSnow * roofSnow.psPsf, deadPsf + ballastPsf, asdSnow * panelSnow.psPsf);
  const iebc = input.site.codes.iebc;
  if (method === 'prescriptive') {
    if (req.stressAnalysis) {
      checks.push(check({
        id: `${idp}.method`, title: `${t}: structural method`, inputs: [['method', method], ['stress analysis required', true]],
        formula: 'a 5 % letter is prohibited where a stress analysis is required', value: method, unit: '', pass: false,
        ref: { code: 'AHJ', edition: 'requirements', section: 'stress_analysis (a member analysis is required)' }, remedy: 'Run the member in Forte or SkyCiv (set structuralMethod)',
      }));
    }
    checks.push(check({
      id: `${idp}.added-load`, title: `${t}: added gravity load on existing framing (5 % rule)`,
      inputs: [['roof dead load', roofDeadPsf, 'psf'], ['Lr (reduced)', lr.lrPsf, 'psf'], ['R2', lr.r2], [ed === '7-22' ? 'roof snow (0.7 ps, ASD)' : 'roof snow', asdSnow * roofSnow.psPsf, 'psf'], ['D_PV', deadPsf, 'psf'], [ed === '7-22' ? 'snow on panels (0.7 ps, ASD)' : 'snow on panels', asdSnow * panelSnow.psPsf, 'psf'],
        [`before (${added.beforeGoverning})`, added.beforePsf, 'psf'], [`after (${added.afterGoverning})`, added.afterPsf, 'psf']],
      formula: '(after − before) / before × 100 ≤ 5 %; no roof live load under panels', value: added.increasePct, unit: '%', limit: { relation: '<=', value: 5 },
      pass: added.increasePct <= 5 + 1e-9, ref: { code: 'IEBC', edition: iebc, section: `${IEBC_SECTION[iebc]}; ASCE 7-${ed.slice(2)} §4.8.2, §4.17` },
      remedy: 'Stress-check or reinforce the framing (Forte/SkyCiv), or reduce the added load',
    }));
  }
  checks.push(...memberChecks(input, a, l, member, { lr, coveredIn, snowForMember }));
  return { checks, roofDeadPsf, lr };
}

/** The existing member with the array on it, per NDS: bending, shear, deflection. */
function memberChecks(input: DesignInput, a: ArrayInput, l: ArrayLoads, member: Member, w: { lr: ReturnType<typeof reducedRoofLiveLoad>; coveredIn: number; snowForMember: number }): Check[] {
  const { ed, idp, t, roofSnow, asdSnow } = l;
  const { lr, coveredIn, snowForMember } = w;
  const f = a.framing;
  const said = (fact: (typeof f.verified)[number]) => (f.verified.includes(fact) ? 'verified' : 'assumed');
  const checks: Check[] = [];
  // The existing member with the array on it, per NDS (the span rule it replaces was a house rule).
  const g = member.governing;
  const framingInputs: Array<[string, number | string, string?]> = [
    [`member (${said('size')})`, `${f.size} ${f.kind}`], [`spacing (${said('spacing')})`, f.spacingIn, 'in'], [`longest horizontal span (${said('spans')})`, member.spanIn, 'in'],
    [`species (${said('species')})`, SPECIES_NAME[f.species]], [`grade (${said('grade')})`, GRADE_NAME[f.grade]],
  ];
  const ndsRef = { code: 'NDS', edition: '2018', section: `3.3, 4.3 (Table 4.3.1); Supplement ${member.ref.table.replace('NDS Supplement ', '')}; ASCE 7-${ed.slice(2)} §2.4.1` };
  const trussNote = f.kind === 'truss' ? ['Truss top chord: bending between panel points only; axial force and the truss as a whole are the truss designer\'s'] : undefined;
  checks.push(check({
    id: `${idp}.member-bending`, title: `${t}: existing ${f.kind} bending (NDS)`,
    inputs: [...framingInputs, ['D (roof + framing + array)', member.deadPsf, 'psf'], ['S on panels (ASD)', snowForMember, 'psf'], ['S on roof outside the array (ASD)', asdSnow * roofSnow.psPsf, 'psf'], ['Lr outside the array', lr.lrPsf, 'psf'], ['array covers', coveredIn, 'in'],
      ['governing combination', g.name], ['M', g.moment, 'lb-ft'], ['S_x', member.sectionModulusIn3, 'in³'], ['Fb', member.ref.fbPsi, 'psi'],
      ['C_D', g.cd], ['C_F', member.cf], ['C_r', member.cr], ['C_M · C_t · C_L · C_i', 1], ["F'b", g.fbAllow, 'psi']],
    formula: "f_b = M / S_x ≤ F'b = Fb · C_D · C_M · C_t · C_L · C_F · C_i · C_r", value: g.fb, unit: 'psi', limit: { relation: '<=', value: g.fbAllow },
    pass: member.combinations.every((c) => c.fb <= c.fbAllow + 1e-9), ref: ndsRef, notes: trussNote,
    remedy: 'Add a support (purlin or strut) to shorten the span, sister the member, or run a member analysis (Forte / SkyCiv)',
  }));
  const gv = member.combinations.reduce((x, c) => (c.fv / c.fvAllow > x.fv / x.fvAllow ? c : x));
  checks.push(check({
    id: `${idp}.member-shear`, title: `${t}: existing ${f.kind} shear (NDS)`,
    inputs: [['governing combination', gv.name], ['V', gv.shear, 'lb'], ['A', member.areaIn2, 'in²'], ['Fv', member.ref.fvPsi, 'psi'], ['C_D', gv.cd], ["F'v", gv.fvAllow, 'psi']],
    formula: "f_v = 1.5 V / A ≤ F'v = Fv · C_D", value: gv.fv, unit: 'psi', limit: { relation: '<=', value: gv.fvAllow },
    pass: member.combinations.every((c) => c.fv <= c.fvAllow + 1e-9), ref: { code: 'NDS', edition: '2018', section: `3.4.2, Eq. 3.4-2; Supplement ${member.ref.table.replace('NDS Supplement ', '')}` },
    remedy: 'Add a support (purlin or strut) to shorten the span, or sister the member',
  }));
  checks.push(check({
    id: `${idp}.member-deflection`, title: `${t}: existing ${f.kind} deflection`,
    inputs: [['E', member.ref.ePsi, 'psi'], ['I', member.inertiaIn4, 'in⁴'], ['sloped span', member.slopedSpanIn, 'in'], ['Δ (S or Lr)', member.liveDeflectionIn, 'in'], ['limit L/180', member.liveLimitIn, 'in'],
      ['Δ (D + S or Lr)', member.totalDeflectionIn, 'in'], ['limit L/120', member.totalLimitIn, 'in'], ['ceiling', 'not supported by the member (assumed)']],
    formula: 'Δ = 5 w L⁴ / (384 E I cos² θ); Δ_S,Lr ≤ L/180, Δ_D+S,Lr ≤ L/120', value: member.totalDeflectionIn, unit: 'in', limit: { relation: '<=', value: member.totalLimitIn },
    pass: member.liveDeflectionIn <= member.liveLimitIn + 1e-9 && member.totalDeflectionIn <= member.totalLimitIn + 1e-9,
    ref: { code: 'IBC', edition: input.site.codes.iebc, section: 'Table 1604.3 (roof member not supporting a ceiling)' },
    remedy: 'Add a support (purlin or strut) to shorten the span, or sister the member',
  }));
  return checks;
}
