// The checks and lookups the user-management routes (routes/users.ts) share: the 409s of docs/product.md §8
// (last top admin, user with apps, taken fields), the unknown role, and the profile fields of a body.
import { ERROR_CODES, V, type StaffUser, type UserCreateBody, type UserUpdateBody } from '../../../src/contract';
import { isUniqueViolation } from '../db/helpers';
import { HttpError } from '../http/errors';
import type { Repositories } from '../repositories';
import { uniqueUserFieldOf, type UniqueUserField, type UserProfileChanges, type UserRow } from '../repositories/users';

export const errors = {
  lastTopAdmin: () => new HttpError(409, ERROR_CODES.lastTopAdmin, 'This is the last active top admin; make another user an active top admin first'),
  userHasApps: (n?: number) =>
    new HttpError(409, ERROR_CODES.userHasApps, `The user still administers ${n ?? 'some'} application(s); reassign or delete them first`),
  unknownRole: () => HttpError.validation({ role_id: V.oneOf }, 'Unknown role'),
  taken: (fields: UniqueUserField[]) => HttpError.conflict(Object.fromEntries(fields.map((f) => [f, V.taken])), `Already taken: ${fields.join(', ')}`),
  noUser: () => HttpError.notFound('User not found'),
};

export async function findUser(repos: Repositories, id: number): Promise<UserRow> {
  const row = await repos.users.findById(id);
  if (!row) throw errors.noUser();
  return row;
}

export async function assertRoleExists(repos: Repositories, roleId: number): Promise<void> {
  if (!(await repos.roles.exists(roleId))) throw errors.unknownRole();
}

export async function assertUnique(repos: Repositories, values: Partial<Record<UniqueUserField, string>>, exceptId?: number): Promise<void> {
  const taken = await repos.users.takenFields(values, exceptId);
  if (taken.length) throw errors.taken(taken);
}

/**
 * Refuses a change that would take user `id` out of the active top admins when they are the last
 * one. The active top admins stay locked until the transaction ends (see lockActiveTopAdmins).
 */
export async function assertNotLastTopAdmin(repos: Repositories, id: number): Promise<void> {
  const topAdmins = await repos.users.lockActiveTopAdmins();
  if (topAdmins.length === 1 && topAdmins[0] === id) throw errors.lastTopAdmin();
}

/** A unique index that fires after the check passed (two requests at once) is still a 409 on its field. */
export function rethrowUniqueViolation(err: unknown): never {
  const field = isUniqueViolation(err) ? uniqueUserFieldOf(err) : undefined;
  throw field ? errors.taken([field]) : err;
}

/** The profile fields of a create or update body; a birthdate keeps only its calendar date. */
export function profileOf(body: UserCreateBody | UserUpdateBody): UserProfileChanges {
  const { name, family, email, username, eName, eFamily, address, mobile, website, about, birthdate, sex } = body;
  return {
    name,
    family,
    email,
    username,
    eName,
    eFamily,
    address,
    mobile,
    website,
    about,
    sex,
    birthdate: birthdate == null ? birthdate : birthdate.slice(0, 10),
  };
}

export async function staffUser(repos: Repositories, id: number): Promise<StaffUser> {
  const user = await repos.users.staffUser(id);
  if (!user) throw errors.noUser();
  return user;
}
