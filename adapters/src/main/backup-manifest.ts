import type { SequenceState } from '../postgres/logical-backup.js';

/** Bumped when a backup file changes in a way an older restore cannot read. */
export const BACKUP_FORMAT = 1;

/** Where the photos of a backup are. */
export type PhotosInBackup =
  | { kept: 'in-backup'; files: number; bytes: number }
  | { kept: 'object-store'; endpoint: string; bucket: string | null; note: string };

/** Where the sign-in accounts of a backup are. */
export type AccountsInBackup =
  | { kept: 'in-backup'; source: 'running emulator' | 'data folder'; files: number }
  | { kept: 'not-in-backup'; note: string };

/** The first frame: what a restore must know before it loads anything. */
export interface BackupHeader {
  kind: 'header';
  format: number;
  createdAt: string;
  postgres: string;
  /** The migrations applied to the database (mikro_orm_migrations), in order. */
  migrations: string[];
}

/** The last frame before the end: everything the backup holds, with each table's row count. */
export interface BackupManifest {
  kind: 'manifest';
  format: number;
  createdAt: string;
  /** Seconds the backup took. */
  seconds: number;
  postgres: string;
  migrations: string[];
  tables: Record<string, number>;
  sequences: SequenceState[];
  photos: PhotosInBackup;
  accounts: AccountsInBackup;
  /** What a backup never holds, and why. */
  notIncluded: string[];
}

/** Frame after the last table: the row counts a restore checks before it commits. */
export interface DatabaseEnd {
  kind: 'database';
  tables: Record<string, number>;
  sequences: SequenceState[];
}

export const NOT_INCLUDED = [
  "pg-boss's schema (pgboss): its jobs carry no work of ours (queued mail and webhooks are the outbox tables, which are included) and it rebuilds its queues and schedules on start",
  "MailDev's inbox (DATA_DIR/mail): the mail `npm start` caught, kept in the mail_outbox table too",
];

export const OBJECT_STORE_NOTE = 'Photos are kept by the object store (S3_ENDPOINT), not in this backup: back the bucket up by its own means (versioning, replication).';
