ALTER TABLE "providers" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "suspended_at" timestamp with time zone;