/** The auth pages a signed-out user rarely opens, in one lazy chunk (one page per file). */
export { ForgotPasswordPage } from './forgot-password-page';
export { LogoutPage } from './logout-page';
export { ResetPasswordPage } from './reset-password-page';
export { VerifyPage } from './verify-page';
