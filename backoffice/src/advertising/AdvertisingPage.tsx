import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useAdvertisingSummary } from '../data/use-advertising-summary';
import { AdvertisingFigures } from './AdvertisingFigures';
import { PaymentsCard } from './PaymentsCard';
import { RevenueChart } from './RevenueChart';
import { RunningBoostsCard } from './RunningBoostsCard';

/** Advertising at a glance: what boosts brought in, by package and over time, and what is running or waiting. */
export function AdvertisingPage() {
  const summary = useAdvertisingSummary();
  return (
    <Box component="section" aria-labelledby="advertising-title" sx={{ py: 2, display: 'grid', gap: 3, minWidth: 0 }}>
      <Title title="Advertising" />
      <Typography id="advertising-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Advertising
      </Typography>
      <AdvertisingFigures summary={summary.data} loading={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()} />
      <RevenueChart summary={summary.data} loading={summary.isPending} failed={!!summary.error} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <PaymentsCard
          title="Recent purchases"
          sort={{ field: 'createdAt', order: 'DESC' }}
          listLabel="All payments"
          empty={{ title: 'No purchases yet', text: 'Payments appear here as soon as a seller starts paying for a boost.' }}
        />
        <RunningBoostsCard />
        <PaymentsCard
          title="Payments awaiting confirmation"
          status="pending"
          sort={{ field: 'createdAt', order: 'ASC' }}
          listLabel="All awaiting confirmation"
          empty={{ title: 'Nothing awaiting confirmation', text: 'Payments wait here until Paystack confirms or declines them; unpaid ones are abandoned after 24 hours.' }}
        />
      </Box>
    </Box>
  );
}
