/** Query parameters whose values are credentials: never written to a log. */
const SECRET_PARAMS = new Set(['access_token', 'token', 'refresh', 'ticket']);

/** The URL with the value of every credential-bearing query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
    } catch {
      name = rawName.toLowerCase();
    }
    return SECRET_PARAMS.has(name) && eq >= 0 ? `${rawName}=[redacted]` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted (the rest as Fastify logs it by default). */
export function requestLogSerializer(req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
