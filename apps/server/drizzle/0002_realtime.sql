-- Socket.IO PostgreSQL adapter: large packets that do not fit a NOTIFY payload go through this table.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
