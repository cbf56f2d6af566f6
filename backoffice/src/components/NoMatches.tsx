import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { EmptyState } from './EmptyState';

/** A filtered list that matched nothing, with a way back to every record. */
export function NoMatches({ message }: { message: string }) {
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;
  return (
    <EmptyState
      title={message}
      action={
        filtered && (
          <Button variant="outlined" onClick={() => setFilters({}, {})}>
            Clear filters
          </Button>
        )
      }
    />
  );
}
