import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, checkEmail, checkPassword, validateSignIn, validateSignUp } from '../../src/features/auth/validation';

const validSignUp = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('auth messages', () => {
  it('use the exact wording of the product specification', () => {
    expect(AUTH_MESSAGES).toEqual({
      invalidEmail: 'Please enter a valid email address',
      shortPassword: 'Password must be at least 6 characters',
      firstNameRequired: 'First name is required',
      firstNameTooLong: 'First name too long',
      lastNameRequired: 'Last name is required',
      lastNameTooLong: 'Last name too long',
      passwordsDiffer: "Passwords don't match",
    });
  });
});

describe('email rule', () => {
  it.each(['ada@example.com', 'a.b+c@mail.co.ng', '  ada@example.com  '])('accepts %j', (email) => {
    expect(checkEmail(email)).toBeUndefined();
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com'])('refuses %j', (email) => {
    expect(checkEmail(email)).toBe('Please enter a valid email address');
  });
});

describe('password rule', () => {
  it('refuses fewer than 6 characters', () => {
    expect(checkPassword('')).toBe('Password must be at least 6 characters');
    expect(checkPassword('12345')).toBe('Password must be at least 6 characters');
  });

  it('accepts exactly 6 characters', () => {
    expect(checkPassword('123456')).toBeUndefined();
  });
});

describe('sign-in validation', () => {
  it('has no errors for a valid email and password', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'secret1' })).toEqual({});
  });

  it('reports both fields when both are wrong', () => {
    expect(validateSignIn({ email: 'nope', password: '123' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports only the field that is wrong', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: '123' })).toEqual({ password: 'Password must be at least 6 characters' });
  });
});

describe('sign-up validation', () => {
  it('has no errors for a complete, consistent form', () => {
    expect(validateSignUp(validSignUp)).toEqual({});
  });

  it('reports every required field of an empty form', () => {
    expect(validateSignUp({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
    });
  });

  it('treats names made only of spaces as missing', () => {
    const errors = validateSignUp({ ...validSignUp, firstName: '   ', lastName: '\t' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.lastName).toBe('Last name is required');
  });

  it('accepts names of 50 characters and refuses 51', () => {
    expect(validateSignUp({ ...validSignUp, firstName: 'a'.repeat(50), lastName: 'b'.repeat(50) })).toEqual({});
    const errors = validateSignUp({ ...validSignUp, firstName: 'a'.repeat(51), lastName: 'b'.repeat(51) });
    expect(errors.firstName).toBe('First name too long');
    expect(errors.lastName).toBe('Last name too long');
  });

  it('measures name length without surrounding spaces', () => {
    expect(validateSignUp({ ...validSignUp, firstName: `  ${'a'.repeat(50)}  ` })).toEqual({});
  });

  it("puts \"Passwords don't match\" on the confirmation field", () => {
    expect(validateSignUp({ ...validSignUp, confirmPassword: 'secret2' })).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('reports a too-short confirmation before a mismatch', () => {
    expect(validateSignUp({ ...validSignUp, confirmPassword: 'sec' })).toEqual({ confirmPassword: 'Password must be at least 6 characters' });
  });
});
