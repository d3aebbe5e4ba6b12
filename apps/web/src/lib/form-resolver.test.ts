import { describe, expect, it } from 'vitest';
import { ZLoginBody } from '@sunstamp/domain/contracts/auth';
import { MAX_PANELS_ON_RAFTER, ZJobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { ApiError } from './api-error.ts';
import { friendlyErrors, showServerError } from './form-resolver.ts';

const messages = (input: unknown) => {
  const r = ZLoginBody.safeParse(input, friendlyErrors);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('friendly validation messages over the domain schemas', () => {
  it('says what is wrong in plain words', () => {
    expect(messages({ email: 'nope', password: '' })).toEqual({ email: 'Enter a valid email address.', password: 'This field is required.' });
    expect(messages({})).toEqual({ email: 'This field is required.', password: 'This field is required.' });
    expect(messages({ email: 'a@b.test', password: 'x'.repeat(300) })).toEqual({ password: 'Must be at most 256 characters.' });
  });
  it('a bound the value may not equal says "more than" / "less than" (issue 29: "beam spacing 0" said "Must be at least 0")', () => {
    const spacing = (v: number) => ZJobArray.shape.beam_spacing.safeParse(v, friendlyErrors).error?.issues[0]?.message;
    expect(spacing(0)).toBe('Must be more than 0.');
    expect(spacing(121)).toBe('Must be at most 120.');
    const pitch = (v: number) => ZJobArray.shape.roof_pitch.safeParse(v, friendlyErrors).error?.issues[0]?.message;
    expect(pitch(90)).toBe('Must be less than 90.');
    expect(pitch(-1)).toBe('Must be at least 0.');
    const onRafter = (v: number) => ZJobArray.shape.num_panels_on_rafter.safeParse(v, friendlyErrors).error?.issues[0]?.message;
    expect(onRafter(999)).toBe(`Must be at most ${MAX_PANELS_ON_RAFTER}.`);
    expect(onRafter(MAX_PANELS_ON_RAFTER)).toBeUndefined();
  });
});

describe('showServerError', () => {
  const collect = () => {
    const set: Record<string, string> = {};
    return { set, setError: (name: string, e: { message?: string }) => void (set[name] = e.message ?? '') };
  };
  it('puts field messages beside known fields', () => {
    const { set, setError } = collect();
    const err = new ApiError({ status: 400, message: 'x', body: { message: 'x', args: [{ password: 'Too common.' }, { other: 'ignored' }] } });
    showServerError(err, setError as never, ['password']);
    expect(set).toEqual({ password: 'Too common.' });
  });
  it('shows any other failure as the form error', () => {
    const { set, setError } = collect();
    showServerError(new ApiError({ status: 401, message: 'Unable to log in with provided credentials.' }), setError as never, ['email']);
    expect(set).toEqual({ 'root.server': 'Unable to log in with provided credentials.' });
  });
  it('stays quiet for silent (already handled) failures', () => {
    const { set, setError } = collect();
    showServerError(new ApiError({ status: 401, message: 'x', silent: true }), setError as never, ['email']);
    expect(set).toEqual({});
  });
});
