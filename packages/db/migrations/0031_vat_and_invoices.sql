CREATE TABLE "invoice_counters" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"next" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tax_class_check" CHECK ("items"."tax_class" in ('standard', 'zero', 'exempt'));--> statement-breakpoint
-- Orders placed before this: placed and delivered when their events say.
UPDATE "orders" SET "placed_at" = "created_at" WHERE "placed_at" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = (
  SELECT max("order_events"."created_at") FROM "order_events"
  WHERE "order_events"."order_id" = "orders"."id" AND "order_events"."status" = 'delivered'
) WHERE "status" = 'delivered';
