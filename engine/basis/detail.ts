/**
 * A basis finding's DETAIL as parts (issue 15 item 7): each part is a text key and its values,
 * so that the UI can say it in its own language. The English DETAIL of the CLI and the CSV is
 * rendered from the same parts with the English texts below, so the two cannot drift apart.
 */

/** A value of a part: a name or number as it stands, a list of names, or nested parts (joined by `, `). */
export type BasisDetailParam = string | number | readonly string[] | readonly BasisDetailPart[];

export interface BasisDetailPart {
  key: BasisDetailKey;
  params?: Readonly<Record<string, BasisDetailParam>>;
}

/** The English text of each key; `%{name}` is filled from the part's params (as the UI's catalogues do). */
export const BASIS_DETAIL_TEXTS = {
  paths: '%{paths}',
  auth_sources: '%{sources}',
  auth_via: 'via %{action}: %{sources}',
  auth_label: '%{label}: %{sources}',
  auth_label_via: '%{label} via %{action}: %{sources}',
  more: '%{list} … (%{n} more)',
  none: '(none)',
  sapstar_missing_client: 'SAP* does not exist in client %{client}: the built-in SAP* can log on with password PASS unless login/no_automatic_user_sapstar = 1',
  sapstar_missing_unknown_client:
    'SAP* does not exist in the extracted client (T000 lists %{clients}; which one was extracted is not known): the built-in SAP* can log on with password PASS unless login/no_automatic_user_sapstar = 1',
  sapstar_missing: 'SAP* does not exist in the user master (USR02): the built-in SAP* can log on with password PASS unless login/no_automatic_user_sapstar = 1',
  not_locked: 'not locked',
  user_group_instead: 'user group %{group} instead of %{expected}',
  user_type_instead: 'user type %{type} instead of %{expected}',
  user_type_instead_either: 'user type %{type} instead of %{first} or %{second}',
  profiles: 'profiles %{profiles}',
  roles: 'roles %{roles}',
  holds_sap_all: 'holds SAP_ALL (%{paths}): review',
  client_066_exists: 'client 066 (EarlyWatch) exists in T000: it is no longer needed and should be deleted',
  outside_client_known: 'exists in client %{client}, outside client %{home}',
  outside_client_t000: 'exists outside client %{home} (T000 lists %{clients})',
  profiles_other_than: 'profiles other than %{profile}: %{profiles}',
  sapcpic_exists: 'exists: delete it, or make sure its default password ADMIN was changed (not visible in the extract)',
  locked: 'locked (%{reasons})',
  lock_global: 'global',
  lock_local: 'local',
  lock_failed_logons: 'failed logons',
  lock_uflag: 'UFLAG %{uflag}',
  never_logged_on: 'never logged on; created %{created} (%{days} days before %{date})',
  last_logon: 'last logon %{lastLogon} (%{days} days before %{date})',
  valid_to: 'valid to %{date}',
  valid_from: 'valid from %{date}',
  weak_codvn: 'CODVN %{codvn}: %{meaning}',
  codvn_A: 'obsolete code version',
  codvn_B: 'MD5-based, 8 characters, upper case',
  codvn_D: 'MD5-based, 8 characters, upper case, UTF-8',
  codvn_E: 'corrected MD5-based, 8 characters, upper case',
  codvn_F: 'unsalted SHA-1',
  codvn_G: 'unsalted SHA-1 plus an MD5-based code B',
  codvn_I: 'salted hash kept together with codes F and B',
  initial_password: 'initial password (PWDSTATE 1)',
  created: 'created %{date}',
  created_unknown: 'creation date unknown',
  no_password: 'CODVN X: no password; logon by single sign-on or certificate only',
  service_user_with: 'service user with %{checks}',
  technical_user_with: 'user type %{type} with %{checks}',
  no_user_group: 'no user group (CLASS empty)',
  manual_profiles: 'profiles not generated from a role: %{profiles}',
  profile_without_assignment: 'holds %{profile} of role %{roles} without a valid assignment',
  role_without_profile: 'valid role %{role} without its profile %{profiles} in UST04',
  locked_with: '%{lock} with %{checks}',
  critical_access: 'critical access %{checks}',
  referenced_by: 'referenced by %{users}',
  no_licence_type: 'user type %{type} without a licence type (USR06 LIC_TYPE)',
  test_licence_with_roles: 'dialog user classified 91 (test) with roles %{roles}',
} as const;

export type BasisDetailKey = keyof typeof BASIS_DETAIL_TEXTS;

/** Says one key with its (already rendered) values: the engine's English, or a UI catalogue. */
export type BasisDetailText = (key: BasisDetailKey, params: Record<string, string>) => string;

/** A list of names in DETAIL shows at most this many, then `… (n more)`. */
const LIST_MAX = 10;

export const part = (key: BasisDetailKey, params?: Record<string, BasisDetailParam>): BasisDetailPart => (params === undefined ? { key } : { key, params });

/** The placeholders of a text, e.g. `['action', 'sources']`. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
}

export const englishDetailText: BasisDetailText = (key, params) =>
  BASIS_DETAIL_TEXTS[key].replace(/%\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** The variants an authorisation check met are set apart by ` | `, the other parts by `; `. */
const separatorBefore = (key: BasisDetailKey): string => (key.startsWith('auth_') ? ' | ' : '; ');

export function renderBasisDetail(parts: readonly BasisDetailPart[], text: BasisDetailText = englishDetailText): string {
  return parts.map((p, i) => (i === 0 ? '' : separatorBefore(p.key)) + renderPart(p, text)).join('');
}

function renderPart(p: BasisDetailPart, text: BasisDetailText): string {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(p.params ?? {})) params[name] = renderParam(value, text);
  return text(p.key, params);
}

function renderParam(value: BasisDetailParam, text: BasisDetailText): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value.length > 0 && typeof value[0] === 'object') return (value as readonly BasisDetailPart[]).map((p) => renderPart(p, text)).join(', ');
  const items = value as readonly string[];
  if (items.length <= LIST_MAX) return items.join(', ');
  return text('more', { list: items.slice(0, LIST_MAX).join(', '), n: String(items.length - LIST_MAX) });
}

/** Every part, nested ones too, for checks over all keys a finding uses. */
export function* allParts(parts: readonly BasisDetailPart[]): Generator<BasisDetailPart> {
  for (const p of parts) {
    yield p;
    for (const value of Object.values(p.params ?? {})) {
      if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'object') yield* allParts(value as readonly BasisDetailPart[]);
    }
  }
}
