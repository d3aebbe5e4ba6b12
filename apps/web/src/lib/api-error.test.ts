import { describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { ApiError, extractFieldErrors, extractServerMessage, formatFieldPair, humaniseField, messageForErrorBody } from './api-error.ts';

describe('extractServerMessage (spec §8: args joined with " -- ", else message, else first list item)', () => {
  it('joins string args', () => {
    expect(extractServerMessage({ message: 'ignored', args: ['First problem.', 'Second problem.'] })).toBe(
      'First problem. -- Second problem.',
    );
  });
  it('reads {field: message} pairs, naming the field only when the message does not', () => {
    expect(
      extractServerMessage({
        message: 'Some fields are invalid.',
        args: [{ password: 'Password must be at least 10 characters long.' }, { firstName: 'Too small: expected string to have >=1 characters' }],
      }),
    ).toBe('Password must be at least 10 characters long. -- First name: Too small: expected string to have >=1 characters');
  });
  it('keeps whole sentences as they are', () => {
    expect(extractServerMessage({ message: 'x', args: [{ token: 'This link is invalid or has expired. Request a new one.' }] })).toBe(
      'This link is invalid or has expired. Request a new one.',
    );
  });
  it('mixes strings and pairs, several pairs in one object', () => {
    expect(extractServerMessage({ message: 'x', args: ['Check the form.', { email: 'taken', phone: 'too long' }] })).toBe(
      'Check the form. -- Email: taken -- Phone: too long',
    );
  });
  it('falls back to message when args is empty or has nothing readable', () => {
    expect(extractServerMessage({ message: 'Unable to log in with provided credentials.' })).toBe('Unable to log in with provided credentials.');
    expect(extractServerMessage({ message: 'Fallback.', args: [] })).toBe('Fallback.');
    expect(extractServerMessage({ message: 'Fallback.', args: [42, null, { a: 1 }] })).toBe('Fallback.');
  });
  it('takes the first item of a list answer', () => {
    expect(extractServerMessage(['Only this.', 'Not this.'])).toBe('Only this.');
    expect(extractServerMessage([{ detail: 'Pair in a list.' }])).toBe('Pair in a list.');
  });
  it('has nothing for empty or unknown bodies, and the unknown-error text is the fallback', () => {
    for (const body of [null, undefined, {}, [], 12, { message: '' }]) expect(extractServerMessage(body)).toBeUndefined();
    expect(messageForErrorBody(null)).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('field helpers', () => {
  it('humanises field names', () => {
    expect(humaniseField('current_password')).toBe('current password');
    expect(humaniseField('firstName')).toBe('first name');
    expect(humaniseField('company_ids.0')).toBe('company ids 0');
  });
  it('formats a pair', () => {
    expect(formatFieldPair('email', 'Invalid email address')).toBe('Invalid email address');
    expect(formatFieldPair('body', 'bad')).toBe('bad');
    expect(formatFieldPair('role', 'bad')).toBe('Role: bad');
  });
  it('collects field errors for forms', () => {
    const body = { message: 'x', args: ['general', { password: 'too short' }, { current_password: 'wrong', password: 'common' }] };
    expect(extractFieldErrors(body)).toEqual({ password: 'common', current_password: 'wrong' });
    expect(new ApiError({ status: 400, message: 'x', body }).fieldErrors.current_password).toBe('wrong');
    expect(extractFieldErrors(['a'])).toEqual({});
  });
});
