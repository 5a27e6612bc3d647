// The access/* request schemas of docs/product.md §6 (src/contract/access.ts), which both the panel's forms and the
// server's routes validate with: what they accept and the message ids they refuse with.
import {
  menuInputSchema,
  menuMoveSchema,
  permissionsInputSchema,
  roleInputSchema,
  grants,
  flattenMenu,
  messageRef,
  V,
  type MenuItem,
} from '../../../src/contract';

const errorsOf = (schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
};

describe('access contract', () => {
  it('trims a role name, blanks an empty description to null, refuses non-English or long names and asks for a Persian name', () => {
    expect(roleInputSchema.validateSync({ name: ' support ', pName: 'پشتیبان', description: '' })).toEqual({
      name: 'support',
      pName: 'پشتیبان',
      description: null,
    });
    expect(errorsOf(roleInputSchema, { name: 'پشتیبان', pName: 'پشتیبان' })).toEqual([V.englishOnly]);
    expect(errorsOf(roleInputSchema, { name: 'x'.repeat(51), pName: 'پشتیبان' })).toEqual([messageRef(V.tooLong, { max: 50 })]);
    expect(errorsOf(roleInputSchema, { name: 'support', pName: 'Support' })).toEqual([V.persianOnly]);
    expect(errorsOf(roleInputSchema, {})).toEqual([V.required, V.required]);
  });

  it('takes empty grant lists, refuses duplicates, unknown methods and scopes', () => {
    expect(permissionsInputSchema.validateSync({ menuIds: [], operations: [], scope: 'all' })).toEqual({ menuIds: [], operations: [], scope: 'all' });
    expect(errorsOf(permissionsInputSchema, { menuIds: [1, 1], operations: [], scope: 'own' })).toEqual([V.duplicate]);
    const op = { method: 'GET', route: 'apps/devices' };
    expect(errorsOf(permissionsInputSchema, { menuIds: [], operations: [op, op], scope: 'own' })).toEqual([V.duplicate]);
    expect(errorsOf(permissionsInputSchema, { menuIds: [], operations: [{ method: 'TRACE', route: 'x' }], scope: 'some' }).sort()).toEqual([V.oneOf, V.oneOf]);
  });

  it('checks menu names by language, the route shape, and makes a missing parent a root', () => {
    expect(menuInputSchema.validateSync({ pName: 'نقش‌ها', enName: 'Roles', route: '/users/roles' })).toEqual({
      pName: 'نقش‌ها',
      enName: 'Roles',
      route: '/users/roles',
      parentId: null,
    });
    expect(errorsOf(menuInputSchema, { pName: 'Roles', enName: 'نقش', route: 'users' }).sort()).toEqual([V.checkInput, V.englishOnly, V.persianOnly].sort());
    expect(errorsOf(menuMoveSchema, { direction: 'left' })).toEqual([V.oneOf]);
  });

  it('grants an operation only when listed, and everything when the server sends no access info', () => {
    const access = { scope: 'all' as const, operations: [{ method: 'GET' as const, route: 'apps/devices' }] };
    expect(grants(access, 'GET', 'apps/devices')).toBe(true);
    expect(grants(access, 'DELETE', 'apps/destroyDevice/{id}')).toBe(false);
    expect(grants(undefined, 'DELETE', 'apps/destroyDevice/{id}')).toBe(true);
  });

  it('flattens a menu tree depth first', () => {
    const leaf = (id: number): MenuItem => ({ id, route: `/r${id}`, pName: 'ا', enName: 'a', children: [] });
    expect(flattenMenu([{ ...leaf(1), children: [leaf(2), { ...leaf(3), children: [leaf(4)] }] }, leaf(5)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
