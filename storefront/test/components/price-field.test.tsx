import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListingForm } from '../../src/features/listings/components/listing-form';
import { listingFormFrom, toVehicleInput, type ListingFormValues } from '../../src/features/listings/listing-form-values';
import { cleanUpAfterEach, describedByTexts, renderWithProviders, stubCatalogueFetch } from './helpers';
import { completeListingForm } from './listing-fixture';
import { sellersVehicle } from './vehicle-fixture';

cleanUpAfterEach();

async function renderForm(initial: ListingFormValues = completeListingForm({ price: '' })) {
  stubCatalogueFetch();
  const onSubmit = vi.fn<(values: ListingFormValues) => Promise<void>>().mockResolvedValue();
  const user = userEvent.setup();
  renderWithProviders(<ListingForm initial={initial} submitLabel="Create Listing" busyLabel="Creating..." onSubmit={onSubmit} secondary={() => null} />);
  // The first render of a file is slow on a busy machine.
  await screen.findByRole('option', { name: 'Select brand' });
  const price = screen.getByLabelText('Price (₦)') as HTMLInputElement;
  const submit = () => user.click(screen.getByRole('button', { name: 'Create Listing' }));
  const sentPrice = () => toVehicleInput(onSubmit.mock.calls[0]![0]).price;
  return { user, price, submit, onSubmit, sentPrice };
}

describe('the price field', () => {
  it('opens the numeric keyboard on a phone', async () => {
    const { price } = await renderForm();
    expect(price.inputMode).toBe('numeric');
    expect(price.type).toBe('text');
  });

  it.each([
    ['28500000', '28,500,000', '₦28,500,000 — 28.5 million'],
    ['2850000', '2,850,000', '₦2,850,000 — 2.85 million'],
    ['950000', '950,000', '₦950,000 — 950 thousand'],
  ])('shows %s as %s with the amount in words beside it', async (typed, shown, words) => {
    const { user, price } = await renderForm();
    await user.type(price, typed);
    expect(price.value).toBe(shown);
    expect(describedByTexts(price)).toEqual([words]);
  });

  it('submits a whole number', async () => {
    const { user, price, submit, onSubmit, sentPrice } = await renderForm();
    await user.type(price, '28500000');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(sentPrice()).toBe(28_500_000);
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    const { user, price } = await renderForm();
    await user.type(price, '2850000');
    expect(price.value).toBe('2,850,000');
    // Caret after "2,8": the seller meant 28.5 million.
    await user.type(price, '5', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(price.value).toBe('28,550,000');
    expect(price.selectionStart).toBe(4);
  });

  it('keeps the caret in place when a digit in the middle is deleted', async () => {
    const { user, price } = await renderForm();
    await user.type(price, '28500000');
    await user.type(price, '{Backspace}', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(price.value).toBe('2,500,000');
    expect(price.selectionStart).toBe(1);
  });

  it('takes a pasted "28,500,000" as it is', async () => {
    const { user, price, submit, sentPrice } = await renderForm();
    await user.click(price);
    await user.paste('28,500,000');
    expect(price.value).toBe('28,500,000');
    await submit();
    expect(sentPrice()).toBe(28_500_000);
  });

  it('reads a pasted "₦28.5m", then writes it out in full when the field is left', async () => {
    const { user, price, submit, sentPrice } = await renderForm();
    await user.click(price);
    await user.paste('₦28.5m');
    expect(describedByTexts(price)).toEqual(['₦28,500,000 — 28.5 million']);
    await user.tab();
    expect(price.value).toBe('28,500,000');
    await submit();
    expect(sentPrice()).toBe(28_500_000);
  });

  it('refuses a price it would have to guess at, and does not submit', async () => {
    const { user, price, submit, onSubmit } = await renderForm();
    await user.click(price);
    await user.paste('28.500.000');
    await user.tab();
    expect(price.value).toBe('28.500.000');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(price)).toEqual(['Write the price in naira, like 28,500,000 or 28.5m']);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a saved price with its separators when a listing is edited', () => {
    expect(listingFormFrom(sellersVehicle({ price: 109_000_000 })).price).toBe('109,000,000');
  });

  it('changes by keyboard entry of a whole new value (select all, type)', async () => {
    const { price } = await renderForm(completeListingForm({ price: '41,000,000' }));
    fireEvent.change(price, { target: { value: '39500000' } });
    expect(price.value).toBe('39,500,000');
  });
});
