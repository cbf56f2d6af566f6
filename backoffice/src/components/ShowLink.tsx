import type { MouseEvent, ReactNode } from 'react';
import { Link, useCreatePath, type Identifier } from 'react-admin';

interface ShowLinkProps {
  resource: string;
  id: Identifier;
  children: ReactNode;
}

/**
 * A real link to a record's page inside a clickable table row: react-admin's row click works with
 * a mouse only, so this is how keyboard users open a record. It stops the click so the row does not
 * navigate a second time.
 */
export function ShowLink({ resource, id, children }: ShowLinkProps) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource, type: 'show', id })} onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}
