// The operation catalogue (docs/product.md §6 as managed from the panel, docs/product.md §6): every guarded API
// route but the account calls, named the way grants and the OpenAPI document name it
// (`GET apps/destroyDevice/{id}`). Filled from the route table as routes register (authorize's
// onRoute hook) and sealed when the app is built, so it can never drift from what the server serves.
import type { FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  ROLE_IDS,
  ROLE_NAMES,
  operationKey,
  type HttpMethod,
  type Operation,
  type OperationRef,
  type RoleRef,
  type UserAccess,
} from '../../../src/contract';
import type { Repositories } from '../repositories';

/** `/api/v1/apps/destroyDevice/:id` -> `apps/destroyDevice/{id}`, the OpenAPI spelling without the prefix. */
export function operationRoute(url: string): string {
  return url.slice(API_PREFIX.length + 1).replace(/:(\w+)/g, '{$1}');
}

/**
 * Roles that hold every operation without grant rows: role_id 1, and the role named admin (the second
 * reading of "the admin" in docs/product.md §6; through the API only role_id 1 can carry that name,
 * since role_id 1 cannot be edited and names are unique). Their fixed rules still apply.
 */
export const holdsEveryOperation = (role: RoleRef): boolean => role.id === ROLE_IDS.topAdmin || role.name === ROLE_NAMES.admin;

export interface OperationCatalogue {
  readonly operations: ReadonlyArray<Operation>;
  /** Records a guarded route; ignored outside /api/v1 and once sealed. */
  add(method: string, url: string, schema: { tags?: readonly string[]; summary?: string } | undefined): void;
  /** Routes added after this (tests' own probe routes) are no operation: only their fixed rule applies. */
  seal(): void;
  readonly sealed: boolean;
  has(op: OperationRef): boolean;
  /** The catalogue operation a request calls, if it is one (HEAD asks for its GET). */
  of(request: FastifyRequest): OperationRef | undefined;
}

export function createOperationCatalogue(): OperationCatalogue {
  const operations: Operation[] = [];
  const keys = new Set<string>();
  let sealed = false;
  const catalogue: OperationCatalogue = {
    operations,
    add(method, url, schema) {
      if (sealed || method === 'HEAD' || !url.startsWith(`${API_PREFIX}/`)) return;
      const op: Operation = { method: method as HttpMethod, route: operationRoute(url), tag: schema?.tags?.[0] ?? '', summary: schema?.summary ?? '' };
      if (keys.has(operationKey(op))) return;
      operations.push(op);
      keys.add(operationKey(op));
    },
    seal: () => {
      sealed = true;
    },
    get sealed() {
      return sealed;
    },
    has: (op) => keys.has(operationKey(op)),
    of(request) {
      const url = request.routeOptions.url;
      if (!url?.startsWith(`${API_PREFIX}/`)) return undefined;
      const op = { method: (request.method === 'HEAD' ? 'GET' : request.method) as HttpMethod, route: operationRoute(url) };
      return catalogue.has(op) ? op : undefined;
    },
  };
  return catalogue;
}

/** A user's grants as users/current carries them (role_id 1 and the role named admin: every operation). */
export async function accessOf(repos: Repositories, catalogue: OperationCatalogue, role: RoleRef): Promise<UserAccess> {
  const scope = role.id === ROLE_IDS.topAdmin ? 'all' : ((await repos.roles.detail(role.id))?.scope ?? 'own');
  if (holdsEveryOperation(role)) return { scope, operations: catalogue.operations.map(({ method, route }) => ({ method, route })) };
  return { scope, operations: (await repos.roles.grants(role.id)).operations };
}
