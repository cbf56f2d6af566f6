import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '../../src/features/vehicles/components/filter-panel';
import { DEFAULT_FILTERS, type BrowseFilters } from '../../src/features/vehicles/filters';
import { cleanUpAfterEach, describedByTexts, renderWithProviders, stubCatalogueFetch } from './helpers';

cleanUpAfterEach();

function renderPanel(filters: Partial<BrowseFilters> = {}) {
  const fetchStub = stubCatalogueFetch();
  const onChange = vi.fn<(changes: Partial<BrowseFilters>) => void>();
  renderWithProviders(<FilterPanel filters={{ ...DEFAULT_FILTERS, ...filters }} onChange={onChange} />);
  const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return { fetchStub, onChange, select, input, search: input('Search') };
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
    ['Under 2M', { minPrice: null, maxPrice: 2_000_000 }],
    ['2M - 5M', { minPrice: 2_000_000, maxPrice: 5_000_000 }],
    ['Above 10M', { minPrice: 10_000_000, maxPrice: null }],
  ])('reports the price range "%s" as its bounds, leaving an open end open', async (label, changes) => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel();
    await user.selectOptions(select('Price Range'), label);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(changes);
  });

  it('reports "Any Price" as no bounds at all', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderPanel({ maxPrice: 2_000_000 });
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

describe('FilterPanel: the search box while the address follows it', () => {
  /** Browse keeps the filters in the address, which holds the search trimmed and answers a moment later. */
  function AddressBar({ echoMs }: { echoMs: number }) {
    const [filters, setFilters] = useState(DEFAULT_FILTERS);
    return (
      <FilterPanel
        filters={filters}
        onChange={(changes) => window.setTimeout(() => setFilters((f) => ({ ...f, ...changes, search: (changes.search ?? f.search).trim() })), echoMs)}
      />
    );
  }

  it('keeps a space and the letters typed while the last search comes back', async () => {
    vi.useFakeTimers();
    stubCatalogueFetch();
    renderWithProviders(<AddressBar echoMs={150} />);
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    const typeSlowly = async (text: string) => {
      for (const letter of text) {
        fireEvent.change(search, { target: { value: search.value + letter } });
        await act(() => vi.advanceTimersByTimeAsync(450));
      }
    };
    await typeSlowly('benin ');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(search.value).toBe('benin ');
    await typeSlowly('city');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(search.value).toBe('benin city');

    fireEvent.change(search, { target: { value: '' } });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    // Each keystroke 450 ms apart, each search answered 150 ms later: after "port h" is sent, "a" is typed before it is back.
    await typeSlowly('port harcourt');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(search.value).toBe('port harcourt');
  });
});

describe('FilterPanel: a price range of your own', () => {
  it('shows the current bounds in naira with thousands separators, and the band as "Custom range"', () => {
    const { input, select } = renderPanel({ minPrice: 20_000_000, maxPrice: 60_000_000 });
    expect(input('Min price (₦)').value).toBe('20,000,000');
    expect(input('Max price (₦)').value).toBe('60,000,000');
    expect(select('Price Range').selectedOptions[0]?.textContent).toBe('Custom range');
  });

  it('shows a band\'s bounds in the fields', () => {
    const { input, select } = renderPanel({ minPrice: 5_000_000, maxPrice: 10_000_000 });
    expect(select('Price Range').selectedOptions[0]?.textContent).toBe('5M - 10M');
    expect(input('Min price (₦)').value).toBe('5,000,000');
    expect(input('Max price (₦)').value).toBe('10,000,000');
  });

  it('accepts "15,000,000" and reports it once the field is left, not per keystroke', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel();
    await user.type(input('Min price (₦)'), '15,000,000');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange.mock.calls).toEqual([[{ minPrice: 15_000_000, maxPrice: null }]]);
  });

  it('writes a typed amount back with separators', async () => {
    const user = userEvent.setup();
    const { input } = renderPanel();
    await user.type(input('Max price (₦)'), '60000000');
    await user.tab();
    expect(input('Max price (₦)').value).toBe('60,000,000');
  });

  it('reports both bounds together when Enter is pressed', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel();
    await user.type(input('Min price (₦)'), '₦20,000,000');
    fireEvent.change(input('Max price (₦)'), { target: { value: '60,000,000' } });
    await user.type(input('Max price (₦)'), '{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: 20_000_000, maxPrice: 60_000_000 });
  });

  it('explains a minimum above the maximum and neither swaps nor reports it', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel({ minPrice: 60_000_000 });
    await user.type(input('Max price (₦)'), '20,000,000{Enter}');
    expect(describedByTexts(input('Max price (₦)'))).toEqual(['Max price must be at least the min price (₦60,000,000)']);
    expect(input('Max price (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(input('Min price (₦)').value).toBe('60,000,000');
    expect(input('Max price (₦)').value).toBe('20,000,000');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('explains an amount it cannot read and does not report it', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel();
    await user.type(input('Min price (₦)'), 'twenty million');
    await user.tab();
    expect(describedByTexts(input('Min price (₦)'))).toEqual(['Enter an amount in naira, such as 15,000,000']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('explains a range from the address whose minimum is above its maximum', () => {
    const { input } = renderPanel({ minPrice: 60_000_000, maxPrice: 20_000_000 });
    expect(describedByTexts(input('Max price (₦)'))).toEqual(['Max price must be at least the min price (₦60,000,000)']);
  });

  it('drops a bound whose field is emptied', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel({ minPrice: 20_000_000, maxPrice: 60_000_000 });
    await user.clear(input('Min price (₦)'));
    await user.tab();
    expect(onChange.mock.calls).toEqual([[{ minPrice: null, maxPrice: 60_000_000 }]]);
  });

  it('reports nothing when a field is left unchanged', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPanel({ minPrice: 20_000_000 });
    await user.click(input('Min price (₦)'));
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps a maximum being typed when the minimum comes back through the address', () => {
    stubCatalogueFetch();
    const onChange = vi.fn<(changes: Partial<BrowseFilters>) => void>();
    let setFilters: (filters: BrowseFilters) => void = () => undefined;
    function FromTheAddress() {
      const [filters, set] = useState(DEFAULT_FILTERS);
      setFilters = set;
      return <FilterPanel filters={filters} onChange={onChange} />;
    }
    renderWithProviders(<FromTheAddress />);
    fireEvent.change(screen.getByLabelText('Max price (₦)'), { target: { value: '60,000,000' } });
    act(() => setFilters({ ...DEFAULT_FILTERS, minPrice: 20_000_000 }));
    expect((screen.getByLabelText('Min price (₦)') as HTMLInputElement).value).toBe('20,000,000');
    expect((screen.getByLabelText('Max price (₦)') as HTMLInputElement).value).toBe('60,000,000');
  });
});
