// The theme honours the system's reduced-motion setting (WCAG 2.3.3): every MUI transition lasts 0 ms,
// and the page audit relies on it to settle at once after a resize.
import { createAppTheme } from '../../../../src/app/theme/create-app-theme';

test('transitions keep their durations by default and take 0 ms under reduced motion', () => {
  const normal = createAppTheme('fa');
  const still = createAppTheme('fa', { reducedMotion: true });
  expect(normal.transitions.duration.enteringScreen).toBeGreaterThan(0);
  expect(normal.transitions.duration.leavingScreen).toBeGreaterThan(0);
  expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
  expect(still.transitions.create('transform')).toMatch(/\b0ms\b/);
  // the rest of the theme is the same: direction and palette
  expect(still.direction).toBe('rtl');
  expect(still.palette.primary.main).toBe(normal.palette.primary.main);
});
