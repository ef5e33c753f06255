-- Codes before notices (schema/messages.ts, CODE_TEMPLATES): the outbox's claim reads them from
-- their own small index first.
CREATE INDEX "outbox_codes_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null and template in ('confirm', 'already-registered', 'already-registered-social', 'reset');
