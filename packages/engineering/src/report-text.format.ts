import type { Report } from './report.schema.ts';

function fmt(v: number | string | boolean): string {
  return typeof v === 'number' ? String(v) : String(v);
}

/** Pads a column to a width; never cuts: a longer value is printed whole, then one space. */
function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length);
}

/** A plain-text rendering of the report for the command line (`--text`). */
export function formatReportText(r: Report): string {
  const out: string[] = [];
  out.push(`${r.engine} — ${r.projectName || 'design'} — ${r.codes.nec}, ${r.codes.asce}, ${r.codes.iebc}`);
  out.push(`System: ${r.summary.systemDcKw} kW DC / ${r.summary.systemAcKw} kW AC — ${r.summary.pass ? 'ALL CHECKS PASS' : `${r.summary.failures.length} FAILED`} (${r.summary.checks} checks)`);
  for (const s of r.sections) {
    out.push('', `== ${s.title} ==`);
    for (const c of s.checks) {
      const status = c.pass === null ? '    ' : c.pass ? 'PASS' : 'FAIL';
      const limit = c.limit ? ` ${c.limit.relation} ${fmt(c.limit.value)} ${c.limit.unit}`.trimEnd() : '';
      out.push(`${status} ${pad(c.title, 70)}${fmt(c.value)}${c.unit ? ` ${c.unit}` : ''}${limit}  [${c.ref.code} ${c.ref.edition} ${c.ref.section}]`.trimEnd());
      out.push(`       ${c.formula}; ${c.inputs.map((i) => `${i.name}=${fmt(i.value)}${i.unit ? ' ' + i.unit : ''}`).join(', ')}`);
      if (c.remedy) out.push(`       → ${c.remedy}`);
      for (const n of c.notes ?? []) out.push(`       note: ${n}`);
    }
  }
  if (r.conductorSchedule.length > 0) {
    out.push('', '== Conductor and OCPD schedule ==');
    out.push(`${pad('run', 6)}${pad('circuit', 32)}${pad('conductors', 16)}${pad('size', 12)}${pad('type', 9)}${pad('EGC', 9)}${pad('raceway', 14)}${pad('OCPD', 6)}${pad('I max', 8)}VD %`);
    for (const row of r.conductorSchedule) {
      out.push(`${pad(row.runId, 6)}${pad(row.circuit, 32)}${pad(row.conductors, 16)}${pad(row.conductorSize, 12)}${pad(row.conductorType, 9)}${pad(row.egcSize, 9)}${pad(row.raceway, 14)}${pad(row.ocpdA === null ? '-' : String(row.ocpdA), 6)}${pad(String(row.maxCurrentA), 8)}${row.voltageDropPct}`);
    }
  }
  const ic = r.interconnection;
  out.push('', '== Interconnection ==', ic.method ? `${ic.method} (${ic.rule}) — ${ic.ref?.section ?? ''}; PV breaker ${ic.pvBreakerA ?? '-'} A; main ${ic.mainBreakerA} A; busbar ${ic.busbarA} A${ic.fusedDisconnect ? `; fused disconnect ${ic.disconnectA} A with ${ic.fuseA} A fuses` : ''}` : 'No allowed method fits');
  out.push('', '== Labels ==');
  for (const l of r.labels) out.push(`[${l.ref.section}] at ${l.location}: ${l.lines.join(' / ')}`);
  if (r.structuralExports.length > 0) {
    out.push('', '== Structural exports ==');
    for (const e of r.structuralExports) out.push(`${e.tool} input for array ${e.arrayId}: ${JSON.stringify(e.input)}`);
  }
  return out.join('\n') + '\n';
}
