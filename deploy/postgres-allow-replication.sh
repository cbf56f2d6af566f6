#!/bin/sh
# Runs once, when the official postgres image first creates its data folder: lets the database's
# own user open replication connections (the postgres-replica service's pg_basebackup and stream).
set -e
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
