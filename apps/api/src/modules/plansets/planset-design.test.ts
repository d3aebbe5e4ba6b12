import { describe, expect, it } from 'vitest';
import { autoDesign, type DesignRequest, type DesignSystem } from './planset-design.ts';

/*
 * The auto-layout places on the site plan what the single-line diagram draws: an AC combiner panel
 * for micro-inverter branches or an AC-coupled battery, none for a battery on the inverter's DC side
 * (issue 25: the DC-coupled set's site plan and ESS plan showed "CMB" with no combiner on PV-4).
 */
const request = (system: Partial<DesignSystem>): DesignRequest => ({
  revision: 0,
  arrays: [{ id: 'A1', moduleCount: 12, pitchDeg: 22, orientation: 'portrait', material: 'Asphalt shingle', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [150] } }],
  module: { lengthIn: 67.8, widthIn: 44.6 },
  fireCode: { code: 'IRC', edition: '2021', sprinklered: false },
  roofIsHip: false,
  streetName: 'Maple Street',
  system: { kind: 'string', battery: false, acCombiner: false, backupGateway: false, backupPanel: false, acDisconnect: false, subpanel: false, productionMeter: false, rapidShutdownInitiator: true, ...system },
});
const kindsOf = (system: Partial<DesignSystem>) => {
  const r = autoDesign(request(system));
  if (!r.ok) throw new Error(r.detail);
  return { kinds: r.design.equipment.map((e) => e.kind), routes: Object.keys(r.routes) };
};

describe('auto-layout: the equipment the system has', () => {
  it('a DC-coupled battery: the battery beside the inverter, no combiner on the wall or among the route points', () => {
    const { kinds, routes } = kindsOf({ kind: 'optimizer', battery: true, acCombiner: false, rapidShutdownInitiator: false });
    expect(kinds).toEqual(expect.arrayContaining(['utility_meter', 'main_panel', 'inverter', 'battery']));
    expect(kinds).not.toContain('combiner');
    expect(routes).not.toContain('combiner');
  });

  it('an AC-coupled battery and micro-inverters each get the combiner they land in', () => {
    expect(kindsOf({ kind: 'string', battery: true, acCombiner: true }).kinds).toContain('combiner');
    expect(kindsOf({ kind: 'micro', acCombiner: true, rapidShutdownInitiator: false }).kinds).toContain('combiner');
    expect(kindsOf({ kind: 'string' }).kinds).not.toContain('combiner');
  });

  it('partial-home backup: the gateway and the backup loads panel it supplies; whole-home: the gateway only', () => {
    const partial = kindsOf({ battery: true, acCombiner: true, backupGateway: true, backupPanel: true }).kinds;
    expect(partial).toEqual(expect.arrayContaining(['backup_gateway', 'backup_panel']));
    const whole = kindsOf({ battery: true, acCombiner: true, backupGateway: true }).kinds;
    expect(whole).toContain('backup_gateway');
    expect(whole).not.toContain('backup_panel');
  });
});

describe('auto-layout: laid out once per request', () => {
  it('the same request answers the same layout, each caller its own copy; another request its own layout', () => {
    const first = autoDesign(request({ kind: 'string' }));
    const again = autoDesign(request({ kind: 'string' }));
    expect(again).toEqual(first);
    if (!first.ok || !again.ok) throw new Error('no layout');
    expect(again.design).not.toBe(first.design);
    // A caller changing its copy changes nothing for the next.
    first.design.modules.length = 0;
    const third = autoDesign(request({ kind: 'string' }));
    expect(third.ok && third.design.modules.length).toBe(again.design.modules.length);
    const bigger = autoDesign({ ...request({ kind: 'string' }), arrays: [{ ...request({}).arrays[0]!, moduleCount: 20 }] });
    expect(bigger.ok && bigger.design.modules.length).toBe(20);
  });
});
