-- IF NOT EXISTS: on a big outbox, build it beforehand without blocking checkouts (docs/deploy.md).
CREATE INDEX IF NOT EXISTS "outbox_sent_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."sent_at" is not null;
