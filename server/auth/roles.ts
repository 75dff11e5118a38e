/** The roles of the access token's `Role` claim (DESIGN 6). */
export const ROLES = ['SuperAdmin', 'Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** Page permissions of a group (spec 4: add, update, delete, only view). */
export interface PagePermission {
  add: boolean;
  update: boolean;
  delete: boolean;
  view: boolean;
}

/** Who is calling, as read from a verified access token. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The customer (tenant) the user belongs to; null for a SuperAdmin without one. */
  customerId: string | null;
  /** Page key (e.g. `user/add`) → what the user's group may do there. */
  permissions: Record<string, PagePermission>;
  /** The user's session version when signed (server/auth/session-versions.ts); absent reads as 0. */
  sv?: number;
}

/** The claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  name: string;
  email: string;
  customerId: string | null;
  Role: Role;
  permissions: Record<string, PagePermission>;
  /** The user's session version when signed (server/auth/session-versions.ts); absent reads as 0. */
  sv?: number;
}
