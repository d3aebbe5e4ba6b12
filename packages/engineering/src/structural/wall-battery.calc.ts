import type { Check, Section } from '../report.schema.ts';
import { check } from '../report.builder.ts';
import { NDS_SPECIFIC_GRAVITY, lagWithdrawalPerInch, type Species } from '../tables/nds-withdrawal.table.ts';

/*
 * A battery hung on a wall by a bracket lagged into the studs. The weight is a permanent load
 * (NDS Table 2.3.2: C_D = 0.9). Each fastener takes W / n in shear; the bracket's eccentricity (the
 * battery's centre of gravity at half its depth from the wall) is resisted by a couple between the
 * top and bottom fastener rows, putting the top row in withdrawal. The top fastener carries both:
 * NDS 12.4.1 gives its capacity at the angle of the resultant.
 */

export interface WallBatteryInput {
  model: string;
  weightLb: number;
  /** Depth of the unit from the wall, in (its centre of gravity is taken at half of it). */
  depthIn: number;
  fasteners: number;
  topRowFasteners: number;
  /** Vertical distance between the top and bottom fastener rows, in. */
  rowSpacingIn: number;
  species: Species;
  diameterIn: number;
  threadPenetrationIn: number;
  /** Reference lateral design value Z of one lag screw (NDS Table 12K or the bracket maker's), lb. */
  lateralDesignValueLb: number;
}

export const NDS_CD_PERMANENT = 0.9;
const NDS = (section: string) => ({ code: 'NDS', edition: '2018', section });

export function wallBatterySection(b: WallBatteryInput): Section {
  const id = 'structural.wall-battery';
  const checks: Check[] = [];
  const e = b.depthIn / 2;
  const v = b.weightLb / b.fasteners;
  const zPrime = b.lateralDesignValueLb * NDS_CD_PERMANENT;
  checks.push(check({
    id: `${id}.shear`, title: 'Wall battery: shear on one fastener',
    inputs: [['W (catalogue)', b.weightLb, 'lb'], ['n', b.fasteners], ['Z (reference)', b.lateralDesignValueLb, 'lb'], ['C_D (permanent)', NDS_CD_PERMANENT]],
    formula: "V = W / n ≤ Z' = Z · C_D", value: v, unit: 'lb', limit: { relation: '<=', value: zPrime }, pass: v <= zPrime + 1e-9,
    ref: NDS('12.3, Table 12K; Table 2.3.2'), remedy: 'More fasteners or larger lag screws',
  }));
  const g = NDS_SPECIFIC_GRAVITY[b.species];
  const wPerIn = lagWithdrawalPerInch(g, b.diameterIn);
  const wPrime = wPerIn * NDS_CD_PERMANENT * b.threadPenetrationIn;
  const t = (b.weightLb * e) / (b.rowSpacingIn * b.topRowFasteners);
  checks.push(check({
    id: `${id}.withdrawal`, title: 'Wall battery: withdrawal on one top-row fastener',
    inputs: [['W', b.weightLb, 'lb'], ['e (half the depth)', e, 'in'], ['h (row spacing)', b.rowSpacingIn, 'in'], ['top-row fasteners', b.topRowFasteners], ['species', b.species], ['G', g], ['D', b.diameterIn, 'in'], ['W (Eq. 12.2-1)', wPerIn, 'lb/in'], ['p', b.threadPenetrationIn, 'in'], ['C_D', NDS_CD_PERMANENT]],
    formula: "T = W · e / (h · n_top) ≤ W' = 1800 G^1.5 D^0.75 · C_D · p", value: t, unit: 'lb', limit: { relation: '<=', value: wPrime }, pass: t <= wPrime + 1e-9,
    ref: NDS('12.2.1, Eq. 12.2-1, Table 2.3.2'), remedy: 'Farther apart fastener rows, more top-row fasteners or deeper penetration',
  }));
  const r = Math.hypot(t, v);
  const alpha = Math.atan2(t, v);
  const zAlpha = (wPrime * zPrime) / (wPrime * Math.cos(alpha) ** 2 + zPrime * Math.sin(alpha) ** 2);
  checks.push(check({
    id: `${id}.combined`, title: 'Wall battery: combined load on one top-row fastener',
    inputs: [['T', t, 'lb'], ['V', v, 'lb'], ['α', (alpha * 180) / Math.PI, '°'], ["W'p", wPrime, 'lb'], ["Z'", zPrime, 'lb']],
    formula: "R = √(T² + V²) ≤ Z'α = W'p · Z' / (W'p · cos²α + Z' · sin²α)", value: r, unit: 'lb', limit: { relation: '<=', value: zAlpha }, pass: r <= zAlpha + 1e-9,
    ref: NDS('12.4.1, Eq. 12.4-1'), remedy: 'More fasteners, larger lag screws or farther apart rows',
  }));
  return { id, title: `Wall-mounted battery (${b.model})`, checks };
}
