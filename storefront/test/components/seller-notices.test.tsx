import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MyListingRow } from '../../src/features/profile/components/listings-tab';
import { OwnerBanner } from '../../src/features/vehicles/routes/vehicle-page';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { ownSummary, sellersVehicle } from './vehicle-fixture';

cleanUpAfterEach();

const REASON = 'The photos do not match the odometer.';

describe('a rejected listing, as its seller sees it', () => {
  it('in Profile → Listings gives the reason with one full stop', () => {
    renderWithProviders(<MemoryRouter><ul><MyListingRow vehicle={ownSummary({ status: 'rejected', rejectionReason: REASON })} /></ul></MemoryRouter>);
    expect(screen.getByText(/^Rejected: /).textContent).toBe('Rejected: The photos do not match the odometer. Edit it to submit it again.');
  });

  it('in Profile → Listings ends a reason without a full stop with one', () => {
    renderWithProviders(<MemoryRouter><ul><MyListingRow vehicle={ownSummary({ status: 'rejected', rejectionReason: 'Is this your car?' })} /></ul></MemoryRouter>);
    expect(screen.getByText(/^Rejected: /).textContent).toBe('Rejected: Is this your car? Edit it to submit it again.');
  });

  it('on its own vehicle page gives the reason with one full stop', () => {
    render(<MemoryRouter><OwnerBanner vehicle={sellersVehicle({ status: 'rejected', rejectionReason: REASON })} /></MemoryRouter>);
    expect(screen.getByText(/^Your listing was rejected/).textContent).toBe('Your listing was rejected: The photos do not match the odometer. Edit it to submit it again.');
  });

  it('on its own vehicle page ends a reason without a full stop with one', () => {
    render(<MemoryRouter><OwnerBanner vehicle={sellersVehicle({ status: 'rejected', rejectionReason: 'Blurry photos' })} /></MemoryRouter>);
    expect(screen.getByText(/^Your listing was rejected/).textContent).toBe('Your listing was rejected: Blurry photos. Edit it to submit it again.');
  });
});
