// docs/product.md §7 "Users" (list, signup, update, changepasslist, updateAccess, destroy, changestatus) and the
// option list users/appAdmins (docs/product.md §3 Application option); access/roles is in routes/access.ts.
//
// Only the role named `admin` manages users (docs/product.md §6). The option lists reveal only names and are
// read by screens other roles open too, so any signed-in user may read them.
//
// Rules the server owns here (docs/architecture.md §5-§6):
// - a user created by an admin, or whose password an admin set, must change it (needToChangePass);
// - deactivating a user or setting their password ends their sessions at once;
// - nobody may delete, deactivate or demote the last active top admin (role_id 1), themselves
//   included: 409 LAST_TOP_ADMIN;
// - a user who still administers apps cannot be deleted (apps.admin_id is ON DELETE RESTRICT, so an
//   app never loses its admin): 409 USER_HAS_APPS; reassign or delete the apps first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ROLE_IDS,
  adminSetPasswordSchema,
  changeRoleSchema,
  changeStatusSchema,
  idParamsSchema,
  userCreateSchema,
  userUpdateSchema,
  usersListQuerySchema,
  type AdminSetPasswordBody,
  type ChangeRoleBody,
  type ChangeStatusBody,
  type IdParams,
  type UserCreateBody,
  type UserUpdateBody,
  type UsersListQuery,
} from '../../../src/contract';
import { hashPassword } from '../domain/passwords';
import { isForeignKeyViolation } from '../db/helpers';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { appAdminOptionSchema, staffUserSchema, usersListSchema } from '../../../src/contract/responses-users';
import { assertNotLastTopAdmin, assertRoleExists, assertUnique, errors, findUser, profileOf, rethrowUniqueViolation, staffUser } from './user-checks';
import { createdData, fromBody, fromParams, preparedFor } from '../audit/plugin';
import { noRecord } from '../auth/access';

const tags = ['users'];
/** docs/product.md §6: the admin role manages users. */
const admins = { policy: 'users:manage' } as const;

const staffUserJson = responseSchema(staffUserSchema);

/** The prepare step of the calls that set a password: its argon2 hash, made before the transaction holds a connection. */
const hashBodyPassword = (request: FastifyRequest) => hashPassword((request.body as { password: string }).password);

export async function userRoutes(app: FastifyInstance) {
  const ok = (description: string, withUser = true) => ({
    200: { ...successResponse(withUser ? staffUserJson : undefined), description },
  });

  app.get<{ Querystring: UsersListQuery }>(
    '/users',
    {
      config: { access: noRecord('staff users belong to no app (users:manage)') },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: 'Staff users, with how many apps each administers',
        description:
          'Optional filters: `search` (name, family, English name/family, full name, username or email; any case), `role_id`, `active` (all, true or false; default all). `app` lists {adminId, count} for every user who administers at least one app.',
        querystring: yupSchema(usersListQuerySchema),
        response: { 200: responseSchema(usersListSchema) },
      },
    },
    async (request) => {
      const { search, role_id, active } = request.query;
      const [data, appCounts] = await Promise.all([
        request.repos.users.list({ search, roleId: role_id, active: active === 'all' ? undefined : active === 'true' }),
        request.repos.users.appCounts(),
      ]);
      return { data, app: appCounts };
    },
  );

  app.post<{ Body: UserCreateBody }>(
    '/users/signup',
    {
      config: {
        access: noRecord('staff users belong to no app (users:manage)'),
        audit: { action: 'user.create', target: 'user', created: createdData, prepare: hashBodyPassword },
      },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: 'Create a staff user',
        description:
          'The password is temporary: the new user must change it before any call but users/current, changepass and logout. 409 with errors.email / errors.username = validation.taken when taken (any case); 400 with errors.role_id for an unknown role.',
        body: yupSchema(userCreateSchema),
        response: ok('{success, data: the created user}'),
      },
    },
    async (request) => {
      const { role_id, ...body } = request.body;
      const passwordHash = preparedFor<string>(request);
      await assertRoleExists(request.repos, role_id);
      await assertUnique(request.repos, { email: body.email, username: body.username });
      // Two creates racing past the check: the unique index decides, and the loser gets the 409.
      const row = await request.repos.users
        .insert({
          ...profileOf(request.body),
          name: body.name,
          family: body.family,
          email: body.email,
          username: body.username,
          roleId: role_id,
          passwordHash,
          needToChangePass: true,
        })
        .catch(rethrowUniqueViolation);
      const data = await staffUser(request.repos, row.id);
      return { success: true, data };
    },
  );

  app.put<{ Params: IdParams; Body: UserUpdateBody }>(
    '/users/update/:id',
    {
      config: { access: noRecord('staff users belong to no app (users:manage)'), audit: { action: 'user.update', target: 'user', id: fromParams('id') } },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: "Edit a staff user's profile",
        description:
          'name, family (Persian-only) and email are required; a field left out is kept, an empty optional field is cleared. Password, role and status have their own calls. 409 when the email or username is taken.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(userUpdateSchema),
        response: ok('{success, data: the updated user}'),
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = profileOf(request.body);
      await findUser(request.repos, id);
      await assertUnique(request.repos, { email: changes.email, username: changes.username }, id);
      await request.repos.users.updateProfile(id, changes).catch(rethrowUniqueViolation);
      const data = await staffUser(request.repos, id);
      return { success: true, data };
    },
  );

  app.post<{ Body: AdminSetPasswordBody }>(
    '/users/changepasslist',
    {
      config: {
        access: noRecord('staff users belong to no app (users:manage)'),
        audit: { action: 'user.setPassword', target: 'user', id: fromBody('user_id'), prepare: hashBodyPassword },
      },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: "Set a user's password (temporary)",
        description:
          "The password must be strong and equal to repassword. The user must change it at their next sign-in, and every session of theirs ends now (the caller's own too, when setting their own).",
        body: yupSchema(adminSetPasswordSchema),
        response: ok('{success}', false),
      },
    },
    async (request) => {
      const { user_id } = request.body;
      const passwordHash = preparedFor<string>(request);
      await findUser(request.repos, user_id);
      await request.repos.users.setPassword(user_id, passwordHash, true);
      await request.repos.sessions.revokeAllForUser(user_id);
      return { success: true };
    },
  );

  app.put<{ Params: IdParams; Body: ChangeRoleBody }>(
    '/users/updateAccess/:id',
    {
      config: { access: noRecord('staff users belong to no app (users:manage)'), audit: { action: 'user.role', target: 'user', id: fromParams('id') } },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: "Change a user's role",
        description:
          "Takes effect on the user's next request. 400 with errors.role_id for an unknown role; 409 LAST_TOP_ADMIN when demoting the last active top admin.",
        params: yupSchema(idParamsSchema),
        body: yupSchema(changeRoleSchema),
        response: ok('{success, data: the updated user}'),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role_id } = request.body;
      await findUser(request.repos, id);
      await assertRoleExists(request.repos, role_id);
      if (role_id !== ROLE_IDS.topAdmin) await assertNotLastTopAdmin(request.repos, id);
      await request.repos.users.setRole(id, role_id);
      const data = await staffUser(request.repos, id);
      return { success: true, data };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/users/destroy/:id',
    {
      config: { access: noRecord('staff users belong to no app (users:manage)'), audit: { action: 'user.delete', target: 'user', id: fromParams('id') } },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: 'Delete a staff user',
        description:
          'Their sessions and avatar go with them. 409 USER_HAS_APPS while they administer any app (reassign or delete those apps first); 409 LAST_TOP_ADMIN for the last active top admin.',
        params: yupSchema(idParamsSchema),
        response: ok('{success}', false),
      },
    },
    async (request) => {
      const { id } = request.params;
      await findUser(request.repos, id);
      await assertNotLastTopAdmin(request.repos, id);
      const appCount = await request.repos.users.countAppsAdministered(id);
      if (appCount > 0) throw errors.userHasApps(appCount);
      const removed = await request.repos.users
        .remove(id)
        // An app given to this user after the count above: the foreign key still refuses the delete.
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? errors.userHasApps() : err;
        });
      if (removed?.avatarFileId) await request.repos.files.remove(removed.avatarFileId);
      return { success: true };
    },
  );

  app.put<{ Params: IdParams; Body: ChangeStatusBody }>(
    '/users/changestatus/:id',
    {
      config: { access: noRecord('staff users belong to no app (users:manage)'), audit: { action: 'user.status', target: 'user', id: fromParams('id') } },
      preValidation: app.authorize(admins),
      schema: {
        tags,
        summary: 'Activate or deactivate a staff user',
        description: 'Deactivating ends every session of the user at once. 409 LAST_TOP_ADMIN when deactivating the last active top admin.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(changeStatusSchema),
        response: ok('{success, data: the updated user}'),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { active } = request.body;
      await findUser(request.repos, id);
      if (!active) {
        await assertNotLastTopAdmin(request.repos, id);
        await request.repos.sessions.revokeAllForUser(id);
      }
      await request.repos.users.setActive(id, active);
      const data = await staffUser(request.repos, id);
      return { success: true, data };
    },
  );

  app.get(
    '/users/appAdmins',
    {
      config: { access: noRecord("the choices of an app's admin, names only") },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'App-admin choices: the active users of the roles that may administer an app (role_id 2, and 5, a restricted app admin)',
        description: 'Top admins are not listed: apps are given to app admins. Names only, so any signed-in user may read it.',
        response: { 200: dataResponse({ type: 'array', items: responseSchema(appAdminOptionSchema) }) },
      },
    },
    async (request) => ({ data: await request.repos.users.appAdminOptions() }),
  );
}
