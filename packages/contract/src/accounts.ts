/** Accounts people can recover: the password rule, signing out, forgotten and changed passwords, and the sign-in
 * lock (decision record 010). The server also refuses a common or guessable password; that list lives on the
 * server only, so the web app checks the length and shows the server's refusal on the field. */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits';

export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
/** The 422 detail (code `weak_password`) for a password that is long enough but common or easy to guess. */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose a longer one, such as three or four unrelated words.';

/** A new password: register, reset, change and an admin's new account. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

/** A reset link lives this long, and only the newest one of an account works. */
export const PASSWORD_RESET_LINK_MINUTES = 30;

/** The sign-in lock: this many failed sign-ins in a row lock the account key for LOCK_BASE_MINUTES, and each
 * further lock within a day lasts twice as long as the one before, up to SIGN_IN_LOCK_MAX_MINUTES. */
export const SIGN_IN_FAILURES_BEFORE_LOCK = 5;
export const SIGN_IN_LOCK_BASE_MINUTES = 15;
export const SIGN_IN_LOCK_MAX_MINUTES = 24 * 60;

// ---------- requests and answers ----------
/** POST /auth/forgot-password: always 202 with FORGOT_PASSWORD_ANSWER, whether or not the account exists. */
export const forgotPasswordRequestSchema = z.object({
  email: z.string().trim().min(1, { error: 'Enter your email address' }).max(254),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResponseSchema = z.object({ detail: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;
export const FORGOT_PASSWORD_ANSWER: ForgotPasswordResponse = {
  detail: 'If an active account has this email, a link to reset its password has been sent to it.',
};

/** POST /auth/reset-password: 204; a bad, used or expired token answers 400 with code `invalid_reset_token`. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, { error: 'The reset link is missing its token' }).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /auth/change-password (signed in): 204, and every other session of the user ends. A wrong current password
 * answers 422 with code `incorrect_password` on `body.current_password`. */
export const changePasswordRequestSchema = z.object({
  current_password: z.string().min(1, { error: 'Enter your current password' }).max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /auth/logout (signed in): no body (or an empty object); 204, after which the token answers 401. */
export const logoutRequestSchema = z.object({}).strict().nullish();
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
