// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { AdminContext, RecordContextProvider, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffPermissions } from '../../src/auth/permissions';
import type { AdminRental, AdminRentalVehicle } from '../../src/data/api-types';
import type { VoltmarketDataProvider } from '../../src/data/data-provider';
import { RateCell } from '../../src/rental-vehicles/RateCell';
import { RentalActionButtons } from '../../src/rentals/RentalActionButtons';

afterEach(cleanup);

function fakeProvider() {
  return {
    updateRentalSettings: vi.fn(async (id: number, input: Record<string, unknown>) => ({ data: { ...vehicle, id, ...input } })),
    changeRentalStatus: vi.fn(async (id: number, input: { status: string }) => ({ data: { ...booking, id, status: input.status, actions: [] } })),
  };
}

const authAs = (role: StaffPermissions['role']): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ role }),
});

function screenWith(provider: ReturnType<typeof fakeProvider>, children: ReactNode, role: StaffPermissions['role'] = 'support') {
  return render(h(AdminContext, { dataProvider: provider as unknown as VoltmarketDataProvider, authProvider: authAs(role) }, children));
}

const vehicle: AdminRentalVehicle = {
  id: 7,
  title: 'Tesla Model 3',
  dailyRentalRate: 25_000,
  weeklyRentalRate: 150_000,
  monthlyRentalRate: null,
} as AdminRentalVehicle;

const booking = {
  id: 12,
  status: 'pending',
  startDate: '2026-11-27',
  endDate: '2026-11-30',
  days: 3,
  totalPrice: 75_000,
  dailyRentalRate: 25_000,
  dailyRate: 25_000,
  vehicleId: 7,
  vehicle: { id: 7, title: 'Tesla Model 3' },
  actions: ['confirm', 'cancel'],
} as AdminRental;

describe('a rate cell in the rental vehicles table', () => {
  const dailyCell = () => screen.getByRole('textbox', { name: 'Daily rate of Tesla Model 3' });

  it('refuses text that is not whole naira beside the cell, keeps the stored rate and sends nothing', async () => {
    const provider = fakeProvider();
    screenWith(provider, h(RateCell, { vehicle, field: 'dailyRentalRate' }));
    for (const typed of ['', 'abc', '0', '12.5']) {
      fireEvent.change(dailyCell(), { target: { value: typed } });
      fireEvent.blur(dailyCell());
      expect(await screen.findByText(/Not saved: still ₦25,000\./)).toBeTruthy();
    }
    expect(provider.updateRentalSettings).not.toHaveBeenCalled();
    fireEvent.keyDown(dailyCell(), { key: 'Escape' });
    expect((dailyCell() as HTMLInputElement).value).toBe('25,000');
    expect(screen.queryByText(/Not saved/)).toBeNull();
  });

  it('saves a new rate on Enter, once, even when the cell then loses focus', async () => {
    const provider = fakeProvider();
    screenWith(provider, h(RateCell, { vehicle, field: 'dailyRentalRate' }));
    fireEvent.change(dailyCell(), { target: { value: '30,000' } });
    fireEvent.keyDown(dailyCell(), { key: 'Enter' });
    fireEvent.blur(dailyCell());
    await waitFor(() => expect(provider.updateRentalSettings).toHaveBeenCalledTimes(1));
    expect(provider.updateRentalSettings).toHaveBeenCalledWith(7, { dailyRentalRate: 30_000 });
  });

  it('refuses an emptied weekly cell, stops offering the rate only when told "none", and sends nothing for an unchanged rate', async () => {
    const provider = fakeProvider();
    screenWith(provider, h(RateCell, { vehicle, field: 'weeklyRentalRate' }));
    const weekly = screen.getByRole('textbox', { name: 'Weekly rate of Tesla Model 3' });
    fireEvent.blur(weekly);
    expect(provider.updateRentalSettings).not.toHaveBeenCalled();
    fireEvent.change(weekly, { target: { value: '' } });
    fireEvent.blur(weekly);
    expect(await screen.findByText(/Weekly rate is required/)).toBeTruthy();
    expect(provider.updateRentalSettings).not.toHaveBeenCalled();
    fireEvent.change(weekly, { target: { value: 'none' } });
    fireEvent.blur(weekly);
    await waitFor(() => expect(provider.updateRentalSettings).toHaveBeenCalledWith(7, { weeklyRentalRate: null }));
  });
});

describe('the moves on a booking row', () => {
  const row = (actions: AdminRental['actions'], role: StaffPermissions['role'] = 'support') => {
    const provider = fakeProvider();
    screenWith(provider, h(RecordContextProvider, { value: { ...booking, actions }, children: h(RentalActionButtons) }), role);
    return provider;
  };

  it('shows a button for each action the server lists, and none for a final booking or a non-staff account', async () => {
    row(['confirm', 'cancel']);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    cleanup();
    row(['start', 'cancel'], 'admin');
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    cleanup();
    row([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('button')).toEqual([]);
    cleanup();
    row(['confirm', 'cancel'], null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('confirms after asking, with PATCH status confirmed', async () => {
    const provider = row(['confirm', 'cancel']);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(provider.changeRentalStatus).toHaveBeenCalledWith(12, { status: 'confirmed' }));
  });

  it('cancels only with a reason, which goes with the request', async () => {
    const provider = row(['confirm', 'cancel']);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Say why the booking is cancelled; the renter will see it.')).toBeTruthy();
    expect(provider.changeRentalStatus).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'The car is in for repairs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(provider.changeRentalStatus).toHaveBeenCalledWith(12, { status: 'cancelled', reason: 'The car is in for repairs' }));
  });
});
