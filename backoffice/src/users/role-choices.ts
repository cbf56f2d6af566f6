import type { Role } from '../data/api-types';

export const ROLE_CHOICES: { id: Role; name: string }[] = [
  { id: 'user', name: 'User' },
  { id: 'support', name: 'Support' },
  { id: 'admin', name: 'Administrator' },
];
