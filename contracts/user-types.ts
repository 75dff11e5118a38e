/**
 * SAP user types (USR02-USTYP, domain XUUSTYP; reference/sap-semantics.md 1.1), shared by the
 * server's filters and the screens (issue 27 item 6: system, communication, service and reference
 * users rank beside people unless the user type is shown and chosen).
 */

/** The user types SAP defines: A dialog, B system, C communication, S service, L reference. */
export const USER_TYPES = ['A', 'B', 'C', 'S', 'L'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * A user whose type is not known: USR02 lacks the user or its USTYP, or the value is none of
 * SAP's. Stored and filtered as the empty text, never read as dialog.
 */
export const UNKNOWN_USER_TYPE = '';

/** What a user-type filter may name: SAP's types and the unknown one. */
export const USER_TYPE_CHOICES: readonly string[] = [...USER_TYPES, UNKNOWN_USER_TYPE];

/** The dashboard's top 10 counts people by default: dialog users (issue 27 item 6). */
export const DEFAULT_TOP_USER_TYPES: readonly UserType[] = ['A'];

/** A USR02 USTYP as a user type: SAP's letter, or UNKNOWN_USER_TYPE for anything else. */
export function userTypeOf(ustyp: string | null | undefined): string {
  const t = (ustyp ?? '').trim().toUpperCase();
  return (USER_TYPES as readonly string[]).includes(t) ? t : UNKNOWN_USER_TYPE;
}

/** The catalogue key of a user type's name (`segra.user_type.A` … `segra.user_type.unknown`). */
export const userTypeKey = (type: string | null | undefined): string =>
  `segra.user_type.${type && (USER_TYPES as readonly string[]).includes(type) ? type : 'unknown'}`;

/** Why a user-type choice is refused: none chosen, or a value that is none of USER_TYPE_CHOICES. */
export type UserTypesProblem = { code: 'USER_TYPES_REQUIRED' } | { code: 'USER_TYPE_UNKNOWN'; value: string };

/**
 * A choice of user types (the dashboard's `userTypes`, absent: DEFAULT_TOP_USER_TYPES), sorted
 * and without repeats, or why it is refused; the server and the demo answer alike.
 */
export function readUserTypes(asked: unknown): string[] | UserTypesProblem {
  if (asked === undefined) return [...DEFAULT_TOP_USER_TYPES];
  if (!Array.isArray(asked) || asked.length === 0) return { code: 'USER_TYPES_REQUIRED' };
  for (const t of asked) if (typeof t !== 'string' || !USER_TYPE_CHOICES.includes(t)) return { code: 'USER_TYPE_UNKNOWN', value: String(t) };
  return [...new Set(asked as string[])].sort();
}
