import { describe, expect, it } from 'vitest';
import { newPasswordError } from './password-rules';

describe('new password', () => {
  it('needs at least 8 characters, counted as characters rather than bytes', () => {
    expect(newPasswordError('short', 'short')).toEqual({ field: 'password', message: 'Password must be at least 8 characters long.' });
    expect(newPasswordError('ééééééé', 'ééééééé')?.field).toBe('password');
    expect(newPasswordError('éééééééé', 'éééééééé')).toBeNull();
  });

  it('accepts at most 256 characters', () => {
    expect(newPasswordError('a'.repeat(257), 'a'.repeat(257))?.message).toBe('Password can be at most 256 characters long.');
    expect(newPasswordError('a'.repeat(256), 'a'.repeat(256))).toBeNull();
  });

  it('asks for the same password twice', () => {
    expect(newPasswordError('correct horse battery', 'correct horse batterY')).toEqual({
      field: 'confirmation',
      message: "The passwords don't match.",
    });
  });
});
