-- Jobs nobody can take yet go behind the others (job-repository.ts, claimUnoffered).
ALTER TABLE "delivery_jobs" ADD COLUMN "offer_looked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "delivery_jobs_dispatch_idx" ON "delivery_jobs" USING btree ("offer_looked_at" NULLS FIRST,"created_at") WHERE "delivery_jobs"."status" = 'searching';
