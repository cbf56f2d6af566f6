import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingForm } from '../../src/features/listings/components/listing-form';
import { emptyListingForm, type ListingFormValues } from '../../src/features/listings/listing-form-values';
import { ApiError } from '../../src/lib/api-client';
import { completeListingForm } from './listing-fixture';
import { cleanUpAfterEach, describedByTexts, renderWithProviders, stubCatalogueFetch } from './helpers';

cleanUpAfterEach();

const complete = completeListingForm();

let onSubmit: ReturnType<typeof vi.fn<(values: ListingFormValues) => Promise<void>>>;
beforeEach(() => {
  onSubmit = vi.fn<(values: ListingFormValues) => Promise<void>>();
});

function renderForm(initial: ListingFormValues = emptyListingForm()) {
  stubCatalogueFetch();
  const user = userEvent.setup();
  renderWithProviders(
    <ListingForm
      initial={initial}
      submitLabel="Create Listing"
      busyLabel="Creating..."
      onSubmit={onSubmit}
      secondary={(reset) => (
        <button type="button" onClick={reset}>
          Reset
        </button>
      )}
    />,
  );
  const brand = screen.getByLabelText('Brand') as HTMLSelectElement;
  const model = screen.getByLabelText('Model') as HTMLSelectElement;
  const price = screen.getByLabelText('Price (₦)') as HTMLInputElement;
  const submit = () => user.click(screen.getByRole('button', { name: 'Create Listing' }));
  // While the catalogue loads, the brand placeholder reads "Loading brands...".
  const catalogueLoaded = () => screen.findByRole('option', { name: 'Select brand' });
  return { user, brand, model, price, submit, catalogueLoaded };
}

describe('ListingForm', () => {
  it('offers the catalogue brands once they are loaded', async () => {
    const { brand, catalogueLoaded } = renderForm();
    await catalogueLoaded();
    expect(Array.from(brand.options).map((o) => o.textContent)).toEqual(['Select brand', 'Tesla', 'BYD']);
  });

  it('keeps the model disabled until a brand is chosen, then offers that brand\'s models', async () => {
    const { user, brand, model, catalogueLoaded } = renderForm();
    await catalogueLoaded();
    expect(model.disabled).toBe(true);
    expect(model.options[0]?.textContent).toBe('Choose a brand first');

    await user.selectOptions(brand, 'Tesla');
    expect(model.disabled).toBe(false);
    expect(Array.from(model.options).map((o) => o.textContent)).toEqual(['Select model', 'Model 3']);
  });

  it('resets the model when the brand changes', async () => {
    const { user, brand, model, catalogueLoaded } = renderForm();
    await catalogueLoaded();
    await user.selectOptions(brand, 'Tesla');
    await user.selectOptions(model, 'Model 3');
    expect(model.value).toBe('Model 3');

    await user.selectOptions(brand, 'BYD');
    expect(model.value).toBe('');
    expect(Array.from(model.options).map((o) => o.textContent)).toEqual(['Select model', 'Atto 3']);
  });

  it('after a brand change, asks for a model again instead of submitting the old one', async () => {
    const { user, brand, submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await user.selectOptions(brand, 'BYD');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.toast__description')?.textContent).toBe('Please complete: a model.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows how much of the form is complete', async () => {
    const { user, catalogueLoaded } = renderForm();
    await catalogueLoaded();
    expect(screen.getByLabelText('Form completion: 0 of 9 fields')).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'Tesla');
    expect(screen.getByLabelText('Form completion: 1 of 9 fields')).toBeTruthy();
    expect(screen.getByText('11%')).toBeTruthy();
  });

  it('on submitting an empty form lists the missing fields in a destructive toast and does not submit', async () => {
    const { submit } = renderForm();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('toast--destructive');
    expect(within(alert).getByText('Missing Required Fields')).toBeTruthy();
    const description = alert.querySelector('.toast__description')?.textContent ?? '';
    expect(description).toBe('Please complete: a title, a description, a brand, a model, a price, the year, the range and at least one photo.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('on submitting an empty form marks the required fields as invalid', async () => {
    const { price, submit } = renderForm();
    await submit();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(title)).toEqual(['Title is required']);
    expect(describedByTexts(price)).toEqual(['Price is required']);
    expect(screen.getByText('At least one image is required')).toBeTruthy();
  });

  it('on submit takes the seller to the first field that needs attention', async () => {
    const { user, submit, catalogueLoaded } = renderForm();
    await catalogueLoaded();
    await user.type(screen.getByLabelText('Title'), '2022 Kia EV6 GT-Line');
    await submit();
    expect(document.activeElement).toBe(screen.getByLabelText('Description'));
  });

  it('on submit with only the photos missing takes the seller to the photo picker', async () => {
    const { submit, catalogueLoaded } = renderForm({ ...complete, imageUrls: [] });
    await catalogueLoaded();
    await submit();
    const picker = document.activeElement as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(picker)).toEqual(['At least one image is required']);
  });

  it('on a rule broken further down, takes the seller to that field', async () => {
    const { submit, catalogueLoaded } = renderForm({ ...complete, sellerPhone: '0803 555 12' });
    await catalogueLoaded();
    await submit();
    expect(document.activeElement).toBe(screen.getByLabelText('Contact Phone'));
  });

  it('after a field error from the server, takes the seller to that field', async () => {
    onSubmit.mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Bad input', [{ field: 'body.range', message: 'must be <= 2000' }]));
    const { submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Range (km)')));
  });

  it('shows no field errors before a field is left', async () => {
    const { user } = renderForm();
    const title = screen.getByLabelText('Title');
    await user.click(title);
    expect(screen.queryByText('Title is required')).toBeNull();
    await user.tab();
    expect(describedByTexts(title)).toEqual(['Title is required']);
  });

  it('refuses a filled-in form that breaks a rule, naming the field, and does not submit', async () => {
    const { submit, catalogueLoaded } = renderForm({ ...complete, year: '2009' });
    await catalogueLoaded();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Form Validation Failed')).toBeTruthy();
    expect(alert.querySelector('.toast__description')?.textContent).toMatch(/^Please fix: Year: Year must be between 2010 and \d{4}$/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a complete form with its values', async () => {
    onSubmit.mockResolvedValue();
    const { submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(complete);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a field error from the server under that field', async () => {
    onSubmit.mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Bad input', [{ field: 'price', message: 'must be >= 1' }]));
    const { price, submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    await waitFor(() => expect(describedByTexts(price)).toEqual(['₦25,000,000 — 25 million', 'must be >= 1']));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    // Only the named field is marked.
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByRole('button', { name: 'Create Listing' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads server field names given as "body.<field>"', async () => {
    onSubmit.mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Bad input', [{ field: 'body.range', message: 'must be <= 2000' }]));
    const { submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    const range = screen.getByLabelText('Range (km)');
    await waitFor(() => expect(describedByTexts(range)).toEqual(['On a full charge', 'must be <= 2000']));
  });

  it('clears a server field error once that field is edited', async () => {
    onSubmit.mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Bad input', [{ field: 'price', message: 'must be >= 1' }]));
    const { user, price, submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    await screen.findByText('must be >= 1');
    await user.type(price, '0');
    expect(screen.queryByText('must be >= 1')).toBeNull();
    expect(price.getAttribute('aria-invalid')).toBe('false');
  });

  it('disables the submit button while saving', async () => {
    let finish: () => void = () => undefined;
    onSubmit.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const { submit, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    await submit();
    expect((screen.getByRole('button', { name: 'Creating...' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await screen.findByRole('button', { name: 'Create Listing' });
  });

  it('puts back the initial values when reset', async () => {
    const { user, catalogueLoaded } = renderForm(complete);
    await catalogueLoaded();
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    await user.clear(title);
    await user.tab();
    expect(screen.getByText('Title is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(title.value).toBe('2022 Tesla Model 3');
    expect(screen.queryByText('Title is required')).toBeNull();
  });
});
