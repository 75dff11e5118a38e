import type { PagePermission, Role } from '../../contracts/pages.ts';

// The roles and page permissions are the app's too (contracts/pages.ts); the server's auth code
// keeps reading them from here with the token types below.
export { ROLES, type PagePermission, type Role } from '../../contracts/pages.ts';

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
