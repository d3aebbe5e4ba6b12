// A small closed-loop load generator for the analytics bench, run in its own process so it does
// not share the server's event loop: `connections` loops, each sending its next request when the
// last one answered, for `duration` seconds. Each request's path comes from pathOf(i): with
// `vary`, every request asks a different year (shifted by a day), so no answer comes from the
// answers cache. Prints JSON: count, errors, p50/p90/p99/max in ms.
const [base, token, connections, duration, vary, startDay, companies] = process.argv.slice(2);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
let i = 0;
const pathOf = () => {
  const k = vary === 'vary' ? i++ : 0;
  const start = addDays(startDay, -k);
  const q = new URLSearchParams({
    active_tab: 'company', start_date: start, end_date: addDays(start, 364),
    jobsCreatedInterval: 'weekly', servicesRequestedInterval: 'monthly',
    ...(companies ? { included_companies: companies } : {}),
  });
  return `${base}/api/stats?${q}`;
};
const lat = [];
let errors = 0;
const until = Date.now() + Number(duration) * 1000;
await Promise.all(Array.from({ length: Number(connections) }, async () => {
  while (Date.now() < until) {
    const t0 = performance.now();
    try {
      const r = await fetch(pathOf(), { headers: { authorization: `Bearer ${token}` } });
      await r.arrayBuffer();
      if (r.status !== 200) errors++;
    } catch { errors++; }
    lat.push(performance.now() - t0);
  }
}));
lat.sort((a, b) => a - b);
const pct = (p) => Math.round(lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0);
console.log(JSON.stringify({ count: lat.length, errors, p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: Math.round(lat.at(-1) ?? 0) }));
