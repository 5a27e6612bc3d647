// mapCooperatively: the same result as Array.map, with the event loop served between slices.
import { mapCooperatively } from '../../../server/src/domain/cooperative';

test('maps every item in order, with its index', async () => {
  const items = Array.from({ length: 25 }, (_, i) => i * 2);
  expect(await mapCooperatively(items, (n, i) => `${i}:${n}`, 4)).toEqual(items.map((n, i) => `${i}:${n}`));
});

test('lets waiting callbacks run between slices, and not within one', async () => {
  const seen: string[] = [];
  // already waiting when the mapping starts, as another request's callback would be
  setImmediate(() => seen.push('other request'));
  await mapCooperatively([1, 2, 3, 4, 5, 6], (n) => (seen.push(`item ${n}`), n), 3);
  expect(seen).toEqual(['item 1', 'item 2', 'item 3', 'other request', 'item 4', 'item 5', 'item 6']);
});

test('an empty list maps to an empty list', async () => {
  expect(await mapCooperatively([], () => 1)).toEqual([]);
});
