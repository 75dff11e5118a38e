import { MIN_PASSWORD_LENGTH } from './login-validation.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Message keys of the reset form (spec 5): required, at least 4, confirmation required, must match. */
export function validateReset(password: string, confirmPassword: string): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (password === '') errors.password = 'segra.validation.password_required';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'segra.validation.password_min';
  if (confirmPassword === '') errors.confirmPassword = 'segra.validation.confirm_required';
  else if (password !== confirmPassword) errors.confirmPassword = 'segra.validation.passwords_match';
  return errors;
}

export function validateEmail(email: string): string | undefined {
  const e = email.trim();
  if (e === '') return 'segra.validation.email_required';
  if (!EMAIL.test(e)) return 'segra.validation.email_invalid';
  return undefined;
}

export interface RegisterErrors {
  email?: string;
  username?: string;
  password?: string;
  confirmPassword?: string;
}

export function validateRegister(v: { email: string; username: string; password: string; confirmPassword: string }): RegisterErrors {
  const errors: RegisterErrors = { ...validateReset(v.password, v.confirmPassword) };
  const email = validateEmail(v.email);
  if (email) errors.email = email;
  if (v.username.trim() === '') errors.username = 'segra.validation.username_required';
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as RegisterErrors;
}
