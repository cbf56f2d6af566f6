import { Box, Typography } from '@mui/material';
import type { AdminPerson } from '../data/api-types';
import { EmailText } from './EmailText';
import { ShowLink } from './ShowLink';

/** A person's name (a link to their user page) with their email beneath, in a table row. */
export function PersonCell({ person }: { person: AdminPerson }) {
  return (
    <Box sx={{ minWidth: 140, maxWidth: 220 }}>
      <ShowLink resource="users" id={person.id}>
        {person.name}
      </ShowLink>
      {person.email && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'break-word' }}>
          <EmailText email={person.email} />
        </Typography>
      )}
    </Box>
  );
}
