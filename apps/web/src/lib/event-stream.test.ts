import { describe, expect, it } from 'vitest';
import { jwtSecondsLeft, reconnectDelayMs } from './event-stream.ts';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('event stream helpers', () => {
  it('reads the seconds left on an access token', () => {
    expect(jwtSecondsLeft(jwt({ exp: 1_000 }), 900_000)).toBe(100);
    expect(jwtSecondsLeft(jwt({ exp: 1_000 }), 1_010_000)).toBe(-10);
    expect(jwtSecondsLeft(jwt({ sub: 'x' }))).toBeNull();
    expect(jwtSecondsLeft('opaque')).toBeNull();
    expect(jwtSecondsLeft('a.%%%.c')).toBeNull();
  });
  it('backs off from 3 s to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([3000, 6000, 12000, 24000, 48000, 60000, 60000]);
  });
});
