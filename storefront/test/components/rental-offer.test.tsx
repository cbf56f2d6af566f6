import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RentalOffer } from '../../src/features/rentals/components/rental-offer';
import { cleanUpAfterEach } from './helpers';
import { sellersVehicle } from './vehicle-fixture';

cleanUpAfterEach();

describe('a vehicle page\'s rental offer', () => {
  it('shows the rates the owner set and opens the booking dialog on /rent', () => {
    render(<MemoryRouter><RentalOffer vehicle={sellersVehicle({ id: 41, isRentalAvailable: true, dailyRentalRate: 32_000, weeklyRentalRate: null, monthlyRentalRate: 1_250_000 })} /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Also for rent' })).toBeTruthy();
    expect(screen.getByText('₦32,000')).toBeTruthy();
    expect(screen.getByText('₦1,250,000 / month')).toBeTruthy();
    expect(screen.queryByText(/week/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Check dates and rent' }).getAttribute('href')).toBe('/rent?book=41');
  });

  it('is absent when the vehicle takes no requests or has no daily rate', () => {
    const { container } = render(<MemoryRouter>
      <RentalOffer vehicle={sellersVehicle({ isRentalAvailable: false, dailyRentalRate: 32_000 })} />
      <RentalOffer vehicle={sellersVehicle({ isRentalAvailable: true, dailyRentalRate: null })} />
    </MemoryRouter>);
    expect(container.textContent).toBe('');
  });
});
