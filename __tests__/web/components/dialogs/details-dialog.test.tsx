// DetailsDialog / DetailList: labels from message ids, values as given, technical values in an LTR
// span, empty values as the placeholder, and Close calls onClose.
import { screen, within } from '@testing-library/react';
import { DetailList, DetailsDialog } from '../../../../src/components/dialogs';
import { renderWithProviders } from '../../support/render';

const items = [
  { labelId: 'common.yes', value: 'Plain value' },
  { labelId: 'common.no', value: 'com.example.app', ltr: true },
  { labelId: 'common.save', value: null, ltr: true },
];

describe('DetailsDialog', () => {
  it('lists the labels and values, technical values left to right, empty ones as a dash', async () => {
    const onClose = jest.fn();
    const { user } = await renderWithProviders(<DetailsDialog open onClose={onClose} titleId="common.loading" items={items} />);
    const dialog = screen.getByRole('dialog', { name: 'در حال بارگذاری…' });

    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(dialog).getAllByRole('definition');
    expect(terms).toEqual(['بله', 'خیر', 'ذخیره']);
    expect(values.map((v) => v.textContent)).toEqual(['Plain value', 'com.example.app', '—']);

    expect(within(dialog).getByText('com.example.app')).toHaveAttribute('dir', 'ltr');
    expect(within(dialog).getByText('Plain value').querySelector('[dir="ltr"]')).toBeNull();
    expect(values[2].querySelector('[dir="ltr"]')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'بستن' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('DetailList', () => {
  it.each(['rows', 'stacked'] as const)('%s layout: the same labels, values and LTR spans, and a custom empty text', async (layout) => {
    await renderWithProviders(<DetailList layout={layout} items={items} empty="none here" data-testid="list" />);
    const list = screen.getByTestId('list');
    expect(list).toHaveTextContent('بله');
    expect(list).toHaveTextContent('Plain value');
    expect(within(list).getByText('com.example.app')).toHaveAttribute('dir', 'ltr');
    expect(within(list).getByText('none here')).not.toHaveAttribute('dir');
  });
});
