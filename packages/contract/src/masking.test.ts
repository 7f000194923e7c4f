import { describe, expect, it } from 'vitest';
import { maskBankAccount } from './masking';

describe('maskBankAccount', () => {
  it('shows only the last four characters', () => {
    expect(maskBankAccount('123456789012')).toBe('XXXXXXXX9012');
    expect(maskBankAccount('50100012345678')).toBe('XXXXXXXXXX5678');
  });

  it('drops spaces before masking', () => {
    expect(maskBankAccount(' 1234 5678 9012 ')).toBe('XXXXXXXX9012');
  });

  it('masks a short number whole', () => {
    expect(maskBankAccount('1234')).toBe('XXXX');
    expect(maskBankAccount('12345')).toBe('X2345');
  });

  it('answers N/A for nothing', () => {
    expect(maskBankAccount('')).toBe('N/A');
    expect(maskBankAccount(null)).toBe('N/A');
    expect(maskBankAccount(undefined)).toBe('N/A');
  });
});
