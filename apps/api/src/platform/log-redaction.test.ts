import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/test-app.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the values of access_token, token, refresh and ticket, and nothing else', () => {
    expect(redactUrl('/api/events?ticket=abc&last_event_id=4')).toBe('/api/events?ticket=[redacted]&last_event_id=4');
    expect(redactUrl('/a?access_token=x.y.z&token=t&refresh=r&page=2')).toBe('/a?access_token=[redacted]&token=[redacted]&refresh=[redacted]&page=2');
    expect(redactUrl('/a?TOKEN=1&acc%65ss_token=2')).toBe('/a?TOKEN=[redacted]&acc%65ss_token=[redacted]');
    expect(redactUrl('/a?tokens=1&my_ticket=2&ticket')).toBe('/a?tokens=1&my_ticket=2&ticket');
    expect(redactUrl('/a/token/b')).toBe('/a/token/b');
    expect(redactUrl('/a?%E0%A4%A=1&ticket=s')).toBe('/a?%E0%A4%A=1&ticket=[redacted]');
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: { write: (s: string) => { lines.push(s); } } } });
  });
  afterAll(async () => { await t?.close(); });

  it('never record a credential sent in the query string', async () => {
    const secrets = ['SECRET-ticket-1', 'SECRET-access-2', 'SECRET-token-3', 'SECRET-refresh-4'];
    const token = await t.tokenOf(DEMO.acmeUser);
    await t.request('GET', `/api/events?ticket=${secrets[0]}&last_event_id=3`);
    await t.request('GET', `/api/users/me?access_token=${secrets[1]}`, { token });
    await t.request('GET', `/api/health?token=${secrets[2]}&refresh=${secrets[3]}&keep=visible`);
    await t.request('GET', `/api/events?access_token=${token}`);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    // The requests were logged, with their URLs…
    expect(log).toContain('/api/health?token=[redacted]&refresh=[redacted]&keep=visible');
    expect(log).toContain('/api/events?ticket=[redacted]&last_event_id=3');
    // …and no credential.
    for (const s of [...secrets, token]) expect(log).not.toContain(s);
  });
});
