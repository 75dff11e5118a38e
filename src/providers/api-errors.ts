import { INVISIBLE_MESSAGE } from '../../contracts/text-limits.ts';
import { localizeFieldMessage } from '../i18n/localize-server.ts';
import { i18nProvider } from './i18nProvider.ts';

/**
 * API errors (DESIGN 6: `{ message, code, errors? }`) as translation keys of the spec's error
 * catalogue (spec 8). A specific code wins; otherwise the operation's own message
 * ("Customer add error", ...), otherwise a generic one by status.
 */
export const SPECIFIC_CODES = [
  'SYSTEM_EXISTS',
  'LICENCE_KEY_INVALID',
  'LICENCE_KEY_NOT_CONFIGURED',
  'GROUP_IN_USE',
  'GROUP_PAGE_EXISTS',
  'CUSTOMER_HAS_USERS',
  'IN_USE',
  'EMAIL_EXISTS',
  'MAIL_FAILED',
  'RESET_TOKEN_INVALID',
  'REGISTRATION_CLOSED',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'FORBIDDEN',
  'SESSION_ENDED',
  'CUSTOMER_PASSIVE',
  'ANALYSIS_NOT_COMPLETED',
  'EXTRACT_TOO_LARGE',
  'EXTRACT_RATIO',
  'NOT_IMPORTING',
  'SQL_QUERY_BUSY',
  'IMPORT_FAILED',
  'TEXT_TOO_LONG',
  'INVISIBLE_CHARACTER',
  // A SuperAdmin creating a tenant record without an active customer (DESIGN 6).
  'CUSTOMER_REQUIRED',
] as const;

export type WriteOperation = 'create' | 'update' | 'delete';

export interface ApiErrorBody {
  message?: string;
  code?: string;
  /** Values the code's catalogue text names (DESIGN 6). */
  params?: Record<string, string | number>;
  errors?: Record<string, string>;
}

export function errorKey(status: number | undefined, body: ApiErrorBody | undefined, entity?: string, op?: WriteOperation): string {
  const code = body?.code;
  if (code && (SPECIFIC_CODES as readonly string[]).includes(code)) return `segra.errors.code.${code}`;
  if (status === 400 && body?.errors) return 'ra.message.invalid_form';
  if (entity && op) return `segra.errors.${entity}.${op}`;
  if (status === 404) return 'segra.errors.not_found';
  return 'ra.notification.http_error';
}

/**
 * Server field messages (spec 5 wording) as keys, so form errors are shown translated; a
 * message not listed is shown as the server wrote it.
 */
export const FIELD_MESSAGES: Record<string, string> = {
  'Email is required': 'segra.validation.email_required',
  'Email is not valid': 'segra.validation.email_invalid',
  'Password is required': 'segra.validation.password_required',
  'Password must be at least 4 characters': 'segra.validation.password_min',
  'Passwords must match': 'segra.validation.passwords_match',
  'Password confirmation is required': 'segra.validation.confirm_required',
  'Invalid phone number': 'segra.validation.phone_invalid',
  'Only English characters are allowed': 'segra.validation.english_only',
  'Name is required': 'ra.validation.required',
  'Username is required': 'ra.validation.required',
  'Select a licence file first': 'segra.errors.code.NO_FILE',
  'Choose a user': 'segra.errors.code.USER_REQUIRED',
  'Control characters are not allowed': 'segra.validation.control_characters',
  [INVISIBLE_MESSAGE]: 'segra.validation.invisible_characters',
  // Mitigating controls (issue 16).
  'The user does not exist': 'segra.mitigations.validation.user_missing',
  'The mitigating control does not exist': 'segra.mitigations.validation.control_missing',
  'Choose a mitigating control': 'segra.mitigations.validation.control_missing',
  'No risk period of the customer has this risk': 'segra.mitigations.validation.risk_unknown',
  'Valid to must not be before valid from': 'segra.mitigations.validation.valid_to_before',
};

export function translateFieldErrors(errors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!errors) return undefined;
  // Any other server message in the UI's language (issue 15), never its English words.
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, FIELD_MESSAGES[v] ?? localizeFieldMessage(v, (key, o) => i18nProvider.translate(key, o))]));
}
