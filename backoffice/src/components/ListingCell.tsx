import { Box, Typography } from '@mui/material';
import { ShowLink } from './ShowLink';

/** A listing's title as a link to its page, with its number beneath, in a table row. */
export function ListingCell({ id, title }: { id: number; title: string }) {
  return (
    <Box sx={{ minWidth: 130, maxWidth: 240 }}>
      <ShowLink resource="vehicles" id={id}>
        {title}
      </ShowLink>
      <Typography variant="caption" color="text.secondary" component="p">
        Listing #{id}
      </Typography>
    </Box>
  );
}
