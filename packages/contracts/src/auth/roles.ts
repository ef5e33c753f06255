/**
 * customer: every account; provider: runs a kitchen, store, …; operator: runs the marketplace;
 * rider: delivers orders, for a shop or for the marketplace's fleet.
 */
export const ROLES = ['customer', 'provider', 'operator', 'rider'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The interface's role check (docs/product/accounts.md, roles), for deciding what an interface
 * shows: it passes when nothing is required, when there is no signed-in user or no roles list,
 * or when the user holds at least one required role. It is lenient by design and never protects
 * anything: the API denies by default on its own (apps/api/src/plugins/access-control.ts).
 */
export function passesRoleCheck(userRoles: readonly Role[] | null | undefined, required: readonly Role[]): boolean {
  if (required.length === 0 || !userRoles) return true;
  return required.some((role) => userRoles.includes(role));
}
