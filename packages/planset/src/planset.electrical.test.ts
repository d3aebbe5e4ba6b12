import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, type PageText } from './check/pdf-text.ts';
import { backupUpgradeInput, dcBatteryInput, stringBackupInput } from './fixtures/electrical.fixtures.ts';
import { PlanSetError } from './planset.errors.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';

/*
 * Issue 25, finding 1: the ordered system is the drawn system. Each set is rendered and its PDF read
 * back as a plan checker reads it (pdfjs text per page).
 */

const sets = new Map<string, { r: PlanSetResult; text: PageText[] }>();
const pageOf = (name: string, number: string) => {
  const s = sets.get(name)!;
  const i = s.r.pages.findIndex((p) => p.number === number);
  expect(i, `${number} of ${name}`).toBeGreaterThanOrEqual(0);
  return s.text[i]!.text;
};
/** The labels and placards: on PV-5B (logical page 'labels') when they do not fit on PV-5 at the 8 pt minimum, else on PV-5. */
const labelsOf = (name: string) => pageOf(name, sets.get(name)!.r.pages.some((p) => p.page === 'labels') ? 'PV-5B' : 'PV-5');

beforeAll(async () => {
  for (const [name, make] of [['backup-upgrade', backupUpgradeInput], ['dc-battery', dcBatteryInput], ['string-backup', stringBackupInput]] as const) {
    const r = await renderPlanSet(await make());
    sets.set(name, { r, text: await extractPdfText(r.pdf) });
  }
}, 300_000);

describe('panel upgrade and AC-coupled whole-home backup as ordered', () => {
  it('PV-1 scope: MSP UPGRADE: YES with the existing and the new panel, the battery, its coupling and the gateway', () => {
    const t = pageOf('backup-upgrade', 'PV-1');
    expect(t).toContain('MSP: (N) 225 A BUSBAR, 200 A MAIN BREAKER; MSP UPGRADE: YES');
    expect(t).toContain('REPLACE (E) 200 A BUSBAR / 200 A MAIN PANEL WITH (N) EXAMPLE QO 225 A PANEL, 225 A BUSBAR, 200 A MAIN BREAKER');
    expect(t).not.toContain('MSP UPGRADE: NO');
    expect(t).toContain('(1) Example Storage Example 5 kW AC-coupled battery BATTERY, 13.5 kWh');
    expect(t).toContain('ENERGY STORAGE: AC-COUPLED, 24 A AC OUTPUT');
    expect(t).toContain('(1) EXAMPLE BACKUP GATEWAY TRANSFER EQUIPMENT (BACKUP GATEWAY), 200 A, WHOLE-HOME BACKUP');
  });

  it('PV-4 draws the battery (AC-coupled, with its circuit in the schedule), the backup gateway between meter and MSP and the new panel', () => {
    const t = pageOf('backup-upgrade', 'PV-4');
    expect(t).toContain('BACKUP GATEWAY');
    expect(t).toContain('EXAMPLE BACKUP GATEWAY');
    expect(t).toContain('200 A TRANSFER EQUIPMENT');
    expect(t).toContain('WHOLE-HOME BACKUP, AUTOMATIC');
    expect(t).toContain('AC-COUPLED, 24 A AC');
    expect(t).toContain('(N) MSP UPGRADE: EXAMPLE QO 225 A PANEL');
    expect(t).toContain('225 A BUSBAR');
    expect(t).toMatch(/BATTERY\s+AC COMBINER/); // the battery's own circuit row in the schedule
    expect(t).toContain('TRANSFER EQUIPMENT: EXAMPLE BACKUP GATEWAY, 200 A (702.5), STANDBY 24 A FOR 20 A TRANSFERRED (LOAD MANAGED)');
  });

  it('PV-5 carries the storage labels (the ESS disconnect marking and the power-source directory naming the ESS)', () => {
    const t = labelsOf('backup-upgrade');
    expect(t).toMatch(/ENERGY STORAGE SYSTEM/);
    expect(t).toMatch(/NOMINAL ESS VOLTAGE: 240 V AC/);
    expect(t).toMatch(/ENERGY STORAGE SYSTEM \(13\.5 KWH\)/);
  });

  it('passes the consistency certificate', () => {
    expect(sets.get('backup-upgrade')!.r.certificate?.ok).toBe(true);
  });
});

describe('whole-home backup on a string inverter with a supply-side tap (the tallest diagram)', () => {
  it('draws the gateway between the meter and the tap, the meter beside it, without overlap', () => {
    const t = pageOf('string-backup', 'PV-4');
    expect(t).toContain('BACKUP GATEWAY');
    expect(t).toContain('UTILITY METER');
    expect(t).toContain('TO UTILITY GRID');
    expect(sets.get('string-backup')!.r.certificate?.ok).toBe(true);
  });
});

describe('DC-coupled battery as ordered', () => {
  it('PV-4 draws the battery on the inverter\'s DC side, no AC combiner, with the ESS DC circuit in the schedule', () => {
    const t = pageOf('dc-battery', 'PV-4');
    expect(t).toContain('DC-COUPLED, 25 A DC, 400 V');
    expect(t).not.toContain('AC COMBINER');
    expect(t).toMatch(/BATTERY \(ESS\) DC CIRCUIT\s+BATTERY\s+INVERTER/);
    expect(pageOf('dc-battery', 'PV-1')).toContain('ENERGY STORAGE: DC-COUPLED, 25 A DC CIRCUIT');
    expect(labelsOf('dc-battery')).toMatch(/NOMINAL ESS VOLTAGE: 400 V DC/);
    expect(sets.get('dc-battery')!.r.certificate?.ok).toBe(true);
  });
});

describe('an order that cannot be drawn fails with the reason, never draws something else', () => {
  const refusal = async (input: Parameters<typeof renderPlanSet>[0]) => {
    try { await renderPlanSet(input, { sheetsOnly: true }); } catch (e) { if (e instanceof PlanSetError) return e; throw e; }
    throw new Error('rendered');
  };
  it('backup ordered, report without transfer equipment', async () => {
    const e = await refusal(await backupUpgradeInput({ engine: (x) => ({ ...x, service: { ...x.service, backup: undefined } }) }));
    expect(e.detail).toMatch(/the job orders whole home backup, but the engineering report has no backup/);
  });
  it('a panel upgrade ordered, report on the old busbar', async () => {
    const e = await refusal(await backupUpgradeInput({ engine: (x) => ({ ...x, service: { ...x.service, busbarA: 200 } }) }));
    expect(e.detail).toMatch(/main panel upgrade to a 225 A busbar, but the engineering report is calculated on a 200 A busbar/);
  });
  it('a battery ordered, report without storage', async () => {
    const e = await refusal(await backupUpgradeInput({
      engine: (x) => ({ ...x, equipment: { ...x.equipment, battery: undefined }, runs: x.runs!.filter((r) => r.carries.kind !== 'battery').map((r) => ({ ...r, carries: r.carries.kind === 'inverter-output' ? { kind: 'inverter-output' as const } : r.carries })), service: { ...x.service, backup: undefined } }),
      job: { backup: 'Non-Backup' },
    }));
    expect(e.detail).toMatch(/orders the battery Example 5 kW AC-coupled battery, but the engineering report has no energy storage system/);
  });
});

describe('finding 4: a supply-side connection as a plan checker reads it', () => {
  it('PV-4 prints the tap conductors with the edition\'s minimum, the neutral and the 250.102(C)(1) bonding jumper (no EGC on the tap)', () => {
    // dc-battery: 32 A of sources → 6 AWG, held at the 2023 minimum; string-backup: 56 A → 4 AWG. Both ≤ 2 AWG copper → 8 AWG jumper.
    for (const [name, size] of [['dc-battery', '6 AWG'], ['string-backup', '4 AWG']] as const) {
      const t = pageOf(name, 'PV-4');
      expect(t).toContain('EGC/SSBJ');
      expect(t).toMatch(new RegExp(`SUPPLY-SIDE TAP CONDUCTORS FUSED AC DISCONNECT SERVICE TAP \\(METER-MAIN\\) 2 \\+ N \\+ SSBJ ${size} THWN-2 8 AWG SSBJ`));
      expect(t).toContain(`TAP CONDUCTORS: ${size} THWN-2 (MIN. 6 AWG COPPER (705.11(B)))`);
      expect(t).toContain(`NEUTRAL ${size} ≥ 8 AWG (2023 NEC 250.102(C)(1)): OK`);
      expect(t).toContain('SUPPLY-SIDE BONDING JUMPER 8 AWG (2023 NEC TABLE 250.102(C)(1))');
    }
  });

  it('the calculations sheet marks each interconnection option it did not use NOT USED, with why, never a bare value and "—"', () => {
    for (const name of ['dc-battery', 'string-backup']) {
      const { r, text } = sets.get(name)!;
      const calc = r.pages.flatMap((p, i) => (p.page === 'calc' || p.page === 'calc2' ? [text[i]!.text] : [])).join(' ').replace(/\s+/g, ' ');
      expect(calc, name).toMatch(/INTERCONNECTION OPTION: SUPPLY-SIDE-TAP \(SUPPLY-SIDE CONNECTION\)/);
      const unused = [...calc.matchAll(/INTERCONNECTION OPTION: ([A-Z-]+) \([^)]*\) — (DOES NOT FIT|NOT ALLOWED|NOT NEEDED|FITS, NOT NEEDED|FITS, NOT USED: THE JOB ORDERS [A-Z-]+): /g)].map((m) => m[1]);
      expect(unused.length, `${name}: ${calc.slice(0, 400)}`).toBeGreaterThan(0);
      expect(unused).not.toContain('SUPPLY-SIDE-TAP');
      expect(calc.match(/NOT USED/g)?.length ?? 0).toBeGreaterThanOrEqual(unused.length);
    }
  });
});

describe('finding 2: a derate or an upgrade comes with its Article 220 load calculation on PV-4', () => {
  it('the panel upgrade set prints the 220.83 calculation line by line, its total and the check against the new main', () => {
    const t = pageOf('backup-upgrade', 'PV-4');
    expect(t).toContain('DWELLING LOAD CALCULATION — 2017 NEC 220.83(A)');
    // 2100 ft² × 3 = 6300; 3 × 1500 = 4500; 12000 + 5000 + 4500 + 5000 = 26500; Σ 37300 VA;
    // 8000 + 0.4 × 29300 = 19720 VA; / 240 V = 82.167 A ≤ 200 A.
    expect(t).toContain('GENERAL LIGHTING AND RECEPTACLES: 2100 FT² × 3 VA/FT²: 6,300 VA (220.83(A)(1))');
    expect(t).toContain('RANGE: 12,000 VA (220.83(A)(3))');
    expect(t).toContain('37,300 VA × 100 % / 40 % = 19,720 VA (220.83(A))');
    expect(t).toContain('CALCULATED LOAD: 19,720 VA / 240 V = 82.167 A');
    expect(t).toContain('82.167 A ≤ 200 A MAIN BREAKER (2017 NEC 220.83(A); 230.79): OK');
  });
  it('an upgrade whose report has no load calculation is refused with the reason', async () => {
    let err: unknown;
    try { await renderPlanSet(await backupUpgradeInput({ engine: (x) => ({ ...x, service: { ...x.service, loadCalculation: undefined } }) }), { sheetsOnly: true }); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(PlanSetError);
    expect((err as PlanSetError).detail).toMatch(/orders a main panel upgrade, but the engineering report has no NEC Article 220 load calculation/);
  });
});

describe('finding 6 (part): the 690.54 label prints the current PV-4 gives at the point of interconnection', () => {
  it('micro-inverters + AC-coupled battery: 24 × 1.21 + 24 = 53.04 A on the label and on the circuit to the MSP', () => {
    expect(labelsOf('backup-upgrade')).toContain('RATED AC OUTPUT CURRENT: 53.04 A');
    expect(pageOf('backup-upgrade', 'PV-4')).toMatch(/INVERTER OUTPUT CIRCUIT AC COMBINER MAIN SERVICE PANEL 2 \+ N \+ EGC 4 AWG THWN-2 8 AWG 1" EMT [\d.]+ % ≤ 40 % 70 A 53\.04 A/);
  });
});

describe('finding 5 (part): an AC disconnect is never drawn without its rating', () => {
  it('a report whose disconnect has no rating fails PV-4 with the reason', async () => {
    const input = await backupUpgradeInput();
    const report = { ...input.report, equipment: { ...input.report.equipment, acDisconnect: { required: true, fused: false, ratingA: null } } };
    let err: unknown;
    try { await renderPlanSet({ ...input, report }, { sheetsOnly: true }); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(PlanSetError);
    expect((err as PlanSetError).detail).toMatch(/AC disconnect has no rating/);
  });
});

describe('finding 6 (part): the 705.10 directory shows the locations in a plan view on PV-5', () => {
  it("PV-5 draws the directory map with the service and each source's equipment, the 690.13(B) and 705.10 labels", () => {
    for (const name of ['backup-upgrade', 'dc-battery', 'string-backup']) {
      // The map and the labels, wherever the 8 pt minimum put them (PV-5, or PV-5 and PV-5B).
      const t = `${pageOf(name, 'PV-5')} ${labelsOf(name)}`;
      expect(t).toContain('705.10 DIRECTORY MAP — POWER SOURCES');
      expect(t).toContain('UM = UTILITY METER');
      expect(t).toContain('MSP = MAIN SERVICE PANEL');
      expect(t).toContain('PV SYSTEM DISCONNECT');
      expect(t).toMatch(/705\.10/);
      expect(t).not.toContain('SEE SITE PLAN');
    }
    expect(`${pageOf('string-backup', 'PV-5')} ${labelsOf('string-backup')}`).toContain('BAT = BATTERY');
  });
});
