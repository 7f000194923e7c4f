import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '@portal/contract';
import { DEMO_PASSWORD } from '../demo/seed';
import { HttpError } from '../core/http-error';
import { assertAcceptablePassword, judgePassword } from './password-policy';

describe('the password rule', () => {
  it.each(['password', '12345678', '        ', 'Password1', 'P@ssw0rd!', 'qwertyuiop', 'iloveyou1', 'Password@123'])(
    'refuses %j as common or guessable',
    (password) => {
      expect(judgePassword(password)).toEqual({ ok: false, reason: 'weak' });
    },
  );

  it('refuses anything under eight characters', () => {
    expect(judgePassword('x7$Kq!2')).toEqual({ ok: false, reason: 'too_short' });
  });

  it.each(['mango river lantern', 'Quiet-Harbour-7', 'correct horse battery staple', 'Str0ng-pass', 'Officer@2026'])(
    'accepts %j',
    (password) => {
      expect(judgePassword(password)).toEqual({ ok: true });
    },
  );

  it("refuses a password made of the account's own email or name", () => {
    const owner = { email: 'lakshmi.narayanan@example.com', fullName: 'Lakshmi Narayanan' };
    expect(judgePassword('lakshmi.narayanan@example.com', {})).toEqual({ ok: true });
    expect(judgePassword('lakshmi.narayanan@example.com', owner)).toEqual({ ok: false, reason: 'weak' });
    expect(judgePassword('LakshmiNarayanan1', owner)).toEqual({ ok: false, reason: 'weak' });
  });

  it('refuses the demo password, which only the seed sets (decision record 010)', () => {
    expect(judgePassword(DEMO_PASSWORD).ok).toBe(false);
  });

  it('answers 422 with code weak_password and the message on the field', () => {
    let thrown: unknown;
    try {
      assertAcceptablePassword('12345678', {}, 'body.new_password');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    const error = thrown as HttpError;
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('weak_password');
    expect(error.errors).toEqual([{ path: 'body.new_password', message: WEAK_PASSWORD_MESSAGE }]);
    expect(() => assertAcceptablePassword('mango river lantern', {}, 'body.password')).not.toThrow();
  });

  it('judges the longest allowed password by its first characters', () => {
    expect(judgePassword('aB3$'.repeat(50)).ok).toBe(false);
    expect(judgePassword(`mango river lantern ${'x'.repeat(180)}`).ok).toBe(true);
  });
});
