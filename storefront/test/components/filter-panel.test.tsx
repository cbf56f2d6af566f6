import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '../../src/features/vehicles/components/filter-panel';
import { DEFAULT_FILTERS, type BrowseFilters } from '../../src/features/vehicles/filters';
import { cleanUpAfterEach, renderWithProviders, stubCatalogueFetch } from './helpers';

cleanUpAfterEach();

function renderPanel(filters: Partial<BrowseFilters> = {}) {
  const fetchStub = stubCatalogueFetch();
  const onChange = vi.fn<(changes: Partial<BrowseFilters>) => void>();
  renderWithProviders(<FilterPanel filters={{ ...DEFAULT_FILTERS, ...filters }} onChange={onChange} />);
  const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
  return { fetchStub, onChange, select, search: screen.getByLabelText('Search') as HTMLInputElement };
}

/**
 * Testing Library ends each user-event call with a zero-delay timer, which a fake clock never fires
 * by itself: run due timers (without moving the clock) until the call is done.
 */
async function withoutTimePassing(action: Promise<void>): Promise<void> {
  let done = false;
  const finished = action.then(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersByTimeAsync(0);
  await finished;
}

const optionLabels = (select: HTMLSelectElement) => Array.from(select.options).map((o) => o.textContent);

describe('FilterPanel', () => {
  it('lists the catalogue brands alphabetically after "All Brands"', async () => {
    const { fetchStub, select } = renderPanel();
    await waitFor(() => expect(optionLabels(select('Brand'))).toEqual(['All Brands', 'BYD', 'Tesla']));
    expect(fetchStub).toHaveBeenCalledWith('/api/catalogue', expect.anything());
  });

  it('keeps a brand from the address that the catalogue does not know', async () => {
    const { select } = renderPanel({ brand: 'Lucid' });
    await waitFor(() => expect(optionLabels(select('Brand'))).toEqual(['All Brands', 'BYD', 'Tesla', 'Lucid']));
    expect(select('Brand').value).toBe('Lucid');
  });

  it('shows the current filters as selected', () => {
    const { select, search } = renderPanel({ vehicleType: 'truck', location: 'Kano', minPrice: 5_000_000, maxPrice: 10_000_000, search: 'leaf' });
    expect(select('Vehicle Type').value).toBe('truck');
    expect(select('Location').value).toBe('Kano');
    expect(select('Price Range').selectedOptions[0]?.textContent).toBe('5M - 10M');
    expect(search.value).toBe('leaf');
  });

  it('reports a chosen vehicle type', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel();
    await user.selectOptions(select('Vehicle Type'), 'Electric Trucks');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ vehicleType: 'truck' });
  });

  it('reports a chosen brand', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel();
    await screen.findByRole('option', { name: 'BYD' });
    await user.selectOptions(select('Brand'), 'BYD');
    expect(onChange).toHaveBeenCalledWith({ brand: 'BYD' });
  });

  it('reports a chosen location', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel();
    await user.selectOptions(select('Location'), 'Abuja');
    expect(onChange).toHaveBeenCalledWith({ location: 'Abuja' });
  });

  it.each([
    ['Under 2M', { minPrice: 0, maxPrice: 2_000_000 }],
    ['2M - 5M', { minPrice: 2_000_000, maxPrice: 5_000_000 }],
    ['Above 10M', { minPrice: 10_000_000, maxPrice: 999_999_999 }],
  ])('reports the price range "%s" as both bounds', async (label, changes) => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel();
    await user.selectOptions(select('Price Range'), label);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(changes);
  });

  it('reports "Any Price" as no bounds at all', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel({ minPrice: 0, maxPrice: 2_000_000 });
    await user.selectOptions(select('Price Range'), 'Any Price');
    expect(onChange).toHaveBeenCalledWith({ minPrice: null, maxPrice: null });
  });

  it('reports the search only once typing has settled, not for each keystroke', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ delay: null });
    const { onChange, search } = renderPanel();

    await withoutTimePassing(user.type(search, 'Tesla'));
    expect(search.value).toBe('Tesla');
    expect(onChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ search: 'Tesla' });
  });

  it('restarts the wait with every keystroke', () => {
    vi.useFakeTimers();
    const { onChange, search } = renderPanel();
    for (const text of ['L', 'Le', 'Lea', 'Leaf']) {
      fireEvent.change(search, { target: { value: text } });
      act(() => vi.advanceTimersByTime(300));
    }
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onChange.mock.calls).toEqual([[{ search: 'Leaf' }]]);
  });

  it('reports the search at once when Enter is pressed', async () => {
    const user = userEvent.setup();
    const { onChange, search } = renderPanel();
    await user.type(search, 'ioniq{Enter}');
    expect(onChange).toHaveBeenCalledWith({ search: 'ioniq' });
  });

  it('does not report a search that matches the current one', () => {
    vi.useFakeTimers();
    const { onChange, search } = renderPanel({ search: 'leaf' });
    fireEvent.change(search, { target: { value: 'leafy' } });
    fireEvent.change(search, { target: { value: 'leaf' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();
  });
});
