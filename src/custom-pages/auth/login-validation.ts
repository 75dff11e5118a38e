/** Message keys of the spec's login validation (spec 5): email required/valid, password ≥ 4. */
export interface LoginErrors {
  email?: string;
  password?: string;
}

export const MIN_PASSWORD_LENGTH = 4;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const e = email.trim();
  if (e === '') errors.email = 'segra.validation.email_required';
  else if (!EMAIL.test(e)) errors.email = 'segra.validation.email_invalid';
  if (password === '') errors.password = 'segra.validation.password_required';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'segra.validation.password_min';
  return errors;
}
