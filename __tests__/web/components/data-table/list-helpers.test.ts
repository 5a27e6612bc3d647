// listStatus: the error view only while a list has no rows; yesNoFilter: the two options and the test.
import { filterRows, listStatus, yesNoFilter } from '../../../../src/components/data-table';

const query = (over: Partial<Parameters<typeof listStatus>[0]>) => ({ isLoading: false, isFetching: false, isError: false, refetch: jest.fn(), ...over });

describe('listStatus', () => {
  it('shows the error view for a first load that failed, and retries by a refetch', () => {
    const q = query({ isError: true, error: { status: 500 } });
    const status = listStatus(q);
    expect(status.error).toEqual({ status: 500 });
    status.onRetry();
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when a refetch fails', () => {
    expect(listStatus(query({ isError: true, error: { status: 500 }, data: [1] })).error).toBeUndefined();
  });
});

describe('yesNoFilter', () => {
  const rows = [
    { id: 1, on: true },
    { id: 2, on: false },
  ];
  const filter = yesNoFilter<(typeof rows)[number]>({ key: 'state', labelId: 'x.state', value: (r) => r.on, yesLabelId: 'x.on', noLabelId: 'x.off' });

  it('offers yes and no with their own labels', () => {
    expect(filter.options).toEqual([
      { value: 'true', labelId: 'x.on' },
      { value: 'false', labelId: 'x.off' },
    ]);
  });

  it('keeps the rows whose value matches the choice, and all rows with no choice', () => {
    expect(filterRows(rows, [filter], { state: 'false' }).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, [filter], { state: 'true' }).map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, [filter], {})).toHaveLength(2);
  });
});
