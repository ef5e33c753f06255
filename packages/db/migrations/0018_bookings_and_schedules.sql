CREATE TABLE "chef_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"guests" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "chef_bookings_span" CHECK ("chef_bookings"."ends_at" > "chef_bookings"."starts_at" and "chef_bookings"."guests" > 0)
);
--> statement-breakpoint
DROP INDEX "cart_lines_same_key";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chef_bookings" ADD CONSTRAINT "chef_bookings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chef_bookings" ADD CONSTRAINT "chef_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chef_bookings" ADD CONSTRAINT "chef_bookings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chef_bookings_order_idx" ON "chef_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_same_key" ON "cart_lines" USING btree ("cart_id","item_id","choices",coalesce("starts_at", '-infinity'::timestamptz));--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_booking" CHECK (("cart_lines"."starts_at" is null) = ("cart_lines"."guests" is null) and coalesce("cart_lines"."guests", 1) > 0);--> statement-breakpoint
-- Two live bookings of one chef never overlap (btree_gist lets a uuid share a GiST index
-- with a time range). Not expressible in the drizzle schema; written by hand.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "chef_bookings" ADD CONSTRAINT "chef_bookings_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("active");
