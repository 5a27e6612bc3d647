// UserText: a typed value keeps its own direction in its own isolate, and is cut at its own end.
import { render } from '@testing-library/react';
import { UserText } from '../../../src/components/user-text';

it('isolates a value with the direction of its first letter, and cuts it at its own end only when asked', () => {
  const { container } = render(
    <div dir="rtl">
      <UserText>Speed C++</UserText>
      <UserText truncate>سرور آلمان</UserText>
      <UserText>{''}</UserText>
    </div>,
  );
  const [plain, cut, ...rest] = container.querySelectorAll('bdi');
  expect(rest).toHaveLength(0);
  expect(plain).toHaveAttribute('dir', 'auto');
  expect(plain.style.unicodeBidi).toBe('isolate');
  expect(plain.style.textOverflow).toBe('');
  expect(plain).not.toHaveAttribute('title');
  expect(cut).toHaveAttribute('dir', 'auto');
  expect([cut.style.overflow, cut.style.textOverflow, cut.style.whiteSpace]).toEqual(['hidden', 'ellipsis', 'nowrap']);
  expect(cut).toHaveAttribute('title', 'سرور آلمان');
});
