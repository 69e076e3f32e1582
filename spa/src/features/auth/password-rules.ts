/** The server's password bounds (auth function), checked before sending. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** The message for a new password and its confirmation, or null when they can be sent. */
export function newPasswordError(password: string, confirmation: string): { field: 'password' | 'confirmation'; message: string } | null {
  if ([...password].length < PASSWORD_MIN) return { field: 'password', message: `Password must be at least ${PASSWORD_MIN} characters long.` };
  if ([...password].length > PASSWORD_MAX) return { field: 'password', message: `Password can be at most ${PASSWORD_MAX} characters long.` };
  if (password !== confirmation) return { field: 'confirmation', message: "The passwords don't match." };
  return null;
}
