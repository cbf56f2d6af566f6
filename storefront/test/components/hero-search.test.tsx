import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HeroSearch } from '../../src/features/home/components/hero-search';
import { cleanUpAfterEach, describedByTexts, renderWithProviders } from './helpers';

cleanUpAfterEach();

function renderHero() {
  const router = createMemoryRouter([
    { path: '/', element: <HeroSearch /> },
    { path: '/browse', element: <p>Browse page</p> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  const query = () => (router.state.location.pathname === '/browse' ? router.state.location.search : null);
  return { query, user: userEvent.setup(), input: (label: string) => screen.getByLabelText(label) as HTMLInputElement };
}

describe('HeroSearch', () => {
  it('opens Browse with the chosen type, city and band', async () => {
    const { query, user } = renderHero();
    await user.selectOptions(screen.getByLabelText('Vehicle Type'), 'Electric Cars');
    await user.selectOptions(screen.getByLabelText('Location'), 'Port Harcourt');
    await user.selectOptions(screen.getByLabelText('Price Range'), 'Above 10M');
    await user.click(screen.getByRole('button', { name: 'Search EVs' }));
    expect(query()).toBe('?vehicleType=car&location=Port+Harcourt&minPrice=10000000');
  });

  it('offers a price range of your own, typed in naira', async () => {
    const { query, user, input } = renderHero();
    expect(screen.queryByLabelText('Min price (₦)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Price Range'), 'Custom range');
    await user.type(input('Min price (₦)'), '20,000,000');
    await user.type(input('Max price (₦)'), '60000000');
    await user.click(screen.getByRole('button', { name: 'Search EVs' }));
    expect(query()).toBe('?minPrice=20000000&maxPrice=60000000');
  });

  it('explains a minimum above the maximum instead of searching', async () => {
    const { query, user, input } = renderHero();
    await user.selectOptions(screen.getByLabelText('Price Range'), 'Custom range');
    await user.type(input('Min price (₦)'), '60,000,000');
    await user.type(input('Max price (₦)'), '20,000,000{Enter}');
    expect(describedByTexts(input('Max price (₦)'))).toEqual(['Max price must be at least the min price (₦60,000,000)']);
    expect(query()).toBeNull();
  });
});
