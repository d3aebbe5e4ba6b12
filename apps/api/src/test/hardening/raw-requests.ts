import { expect } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { DEMO, type TestApp } from '../test-app.ts';

/** The three CSV import routes (staff). */
export const IMPORTS = ['/api/ahjs/import', '/api/utilities/import', '/api/equipment/import?kind=module'] as const;

/** A POST with a raw body and content type of our choosing, signed in (admin unless `as`). */
export async function sendRaw(t: TestApp, url: string, o: { as?: string; contentType: string; payload: string | Buffer }) {
  const token = await t.tokenOf(o.as ?? DEMO.admin);
  return t.app.inject({
    method: 'POST', url, payload: o.payload,
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token), 'content-type': o.contentType },
  });
}

/** The answer has one of the statuses and is the error envelope, nothing else. */
export function expectEnvelope(res: { statusCode: number; body: string }, status: number | number[]) {
  expect(Array.isArray(status) ? status : [status], res.body).toContain(res.statusCode);
  expect(ZErrorEnvelope.strict().safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
}
