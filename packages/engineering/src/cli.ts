// The one file of the package that does I/O: read a design input file, print its report.
import { readFileSync } from 'node:fs';
import { calculateDesign } from './design.calc.ts';
import { formatReportText } from './report-text.format.ts';

function main(argv: string[]): number {
  const args = argv.filter((a) => !a.startsWith('--'));
  const text = argv.includes('--text');
  if (args.length !== 1 || argv.includes('--help')) {
    process.stderr.write('usage: npm run calc -- <input.json> [--text]\n');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(args[0], 'utf8'));
  } catch (e) {
    process.stderr.write(`cannot read ${args[0]}: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    const report = calculateDesign(raw);
    process.stdout.write(text ? formatReportText(report) : JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (e) {
    const err = e as { name?: string; issues?: Array<{ path: PropertyKey[]; message: string }>; message: string };
    if (err.issues) {
      for (const i of err.issues) process.stderr.write(`invalid input at ${i.path.map(String).join('.') || '(root)'}: ${i.message}\n`);
    } else if (err.name === 'EngineRefusalError') {
      process.stderr.write(`refused: ${err.message}\n`);
    } else {
      process.stderr.write(`${err.message}\n`);
    }
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
