// The posting load of the messages bench, in its own process so the posters do not share the
// server's event loop (like analytics-load.mjs): `posters` closed loops, poster i posting as
// callers[i % callers.length] (bearer token and CSRF token), each sending its next message when
// the last one answered, for `duration` seconds. Prints JSON: count (201s), errors, seconds (of posting), p50/p99/max in ms.
const [url, callersJson, posters, duration] = process.argv.slice(2);
const callers = JSON.parse(callersJson);
const lat = [];
let count = 0;
let errors = 0;
const until = Date.now() + Number(duration) * 1000;
const started = performance.now();
await Promise.all(Array.from({ length: Number(posters) }, async (_, w) => {
  const c = callers[w % callers.length];
  const headers = { authorization: `Bearer ${c.token}`, 'x-csrftoken': c.csrf, 'content-type': 'application/json' };
  let n = 0;
  while (Date.now() < until) {
    const t0 = performance.now();
    try {
      const r = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ body: `Load ${w}.${n++}` }) });
      await r.arrayBuffer();
      if (r.status === 201) count++;
      else errors++;
    } catch { errors++; }
    lat.push(performance.now() - t0);
  }
}));
const seconds = (performance.now() - started) / 1000;
lat.sort((a, b) => a - b);
const pct = (p) => Math.round(lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0);
console.log(JSON.stringify({ count, errors, seconds, p50: pct(0.5), p99: pct(0.99), max: Math.round(lat.at(-1) ?? 0) }));
