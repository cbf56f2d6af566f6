import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, List, Pagination, SimpleList, TopToolbar } from 'react-admin';
import { PaymentStatusChip } from '../components/AdvertisingStatusChips';
import { EmptyState } from '../components/EmptyState';
import { ListingCell } from '../components/ListingCell';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NairaField } from '../components/NairaField';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { PersonCell } from '../components/PersonCell';
import { ShowLink } from '../components/ShowLink';
import type { AdminPayment } from '../data/api-types';
import { PAYMENT_STATUS_LABELS, paymentMethodText } from '../lib/advertising-labels';
import { formatDate, formatNaira } from '../lib/format';
import { paymentFilters } from './payment-filters';
import { RefundButton } from './RefundButton';

const Column = DataTable.Col<AdminPayment>;

function PaymentListActions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

const noMatches = <NoMatches message="No payments match these filters." />;

// Amounts, references and dates are read whole: they never break across lines.
const unbroken = { whiteSpace: 'nowrap' } as const;

const RowRefundButton = () => <RefundButton compact />;

function PaymentTable() {
  return (
    <DataTable<AdminPayment> rowClick="show" bulkActionButtons={false} empty={noMatches} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <Column
        label="Reference"
        disableSort
        render={(p) => (
          <Box sx={{ minWidth: 120 }}>
            <ShowLink resource="payments" id={p.id}>
              <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{p.reference}</Box>
            </ShowLink>
            <Typography variant="caption" color="text.secondary" component="p">
              Payment #{p.id}
            </Typography>
          </Box>
        )}
      />
      <Column label="Seller" disableSort render={(p) => <PersonCell person={p.seller} />} />
      <Column label="Listing" disableSort render={(p) => <ListingCell id={p.vehicleId} title={p.vehicleTitle} />} />
      <Column label="Package" disableSort render={(p) => p.packageName} />
      <Column source="amount" label="Amount" align="right" field={NairaField} />
      <Column label="Method" disableSort render={(p) => paymentMethodText(p)} />
      <Column source="status" label="Status" render={(p) => <PaymentStatusChip status={p.status} />} />
      <Column source="createdAt" label="Created" render={(p) => <LocaleDate iso={p.createdAt} />} />
      <Column source="paidAt" label="Paid" render={(p) => (p.paidAt ? <LocaleDate iso={p.paidAt} /> : '—')} />
      <Column label="Actions" disableSort field={RowRefundButton} />
    </DataTable>
  );
}

/** Every boost payment, newest first: what was paid, by whom, for which listing, and where it stands. */
export function PaymentList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Payments"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={paymentFilters}
      actions={<PaymentListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No payments yet">Payments appear here as soon as a seller starts paying for a boost.</EmptyState>}
      error={<LoadError what="the payments" />}
    >
      <PageHeading>Payments</PageHeading>
      {isSmall ? (
        <SimpleList<AdminPayment>
          rowClick="show"
          primaryText={(p) => (
            <>
              <Box component="span" sx={unbroken}>{formatNaira(p.amount)}</Box> · {p.packageName}
            </>
          )}
          secondaryText={(p) => (
            <>
              {p.vehicleTitle} · {p.seller.name}
              <br />
              <Box component="span" sx={{ ...unbroken, fontFamily: 'monospace' }}>{p.reference}</Box> · <Box component="span" sx={unbroken}>{formatDate(p.createdAt)}</Box>
            </>
          )}
          tertiaryText={(p) => `${PAYMENT_STATUS_LABELS[p.status] ?? p.status} · ${paymentMethodText(p)}`}
          empty={noMatches}
        />
      ) : (
        <PaymentTable />
      )}
    </List>
  );
}
