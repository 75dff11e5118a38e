import { describe, expect, it } from 'vitest';
import { validateLogin } from '../../src/custom-pages/auth/login-validation.ts';

describe('login validation (spec 5)', () => {
  it('asks for an email and a password', () => {
    expect(validateLogin('', '')).toEqual({ email: 'segra.validation.email_required', password: 'segra.validation.password_required' });
  });
  it('rejects a malformed email and a password under 4 characters', () => {
    expect(validateLogin('not-an-email', 'abc')).toEqual({ email: 'segra.validation.email_invalid', password: 'segra.validation.password_min' });
  });
  it('accepts a valid email and a 4-character password', () => {
    expect(validateLogin(' a@b.co ', 'abcd')).toEqual({});
  });
});
