// unlessRefused: which failed mutations still refresh what they touched.
import { listTag, unlessRefused } from '../../../../src/lib/api';

const tags = unlessRefused((_r: unknown, id: number) => [{ type: 'Device' as const, id }, listTag('Device')]);
const failed = (status: number) => ({ status, message: 'x' });

test('a success invalidates the tags, built from the argument', () => {
  expect(tags(undefined, undefined, 7)).toEqual([
    { type: 'Device', id: 7 },
    { type: 'Device', id: 'LIST' },
  ]);
});

test.each([400, 401, 403, 413, 422, 429])('a refused call (%i) changed nothing and refreshes nothing', (status) => {
  expect(tags(undefined, failed(status), 7)).toEqual([]);
});

test.each([404, 409, 500, 503, 0])('%i still refreshes: the view may be stale, or the change may have happened', (status) => {
  expect(tags(undefined, failed(status), 7)).toHaveLength(2);
});

test('a fixed list of tags works the same way', () => {
  const fixed = unlessRefused([listTag('Version')]);
  expect(fixed(undefined, failed(400), undefined)).toEqual([]);
  expect(fixed(undefined, undefined, undefined)).toEqual([{ type: 'Version', id: 'LIST' }]);
});
