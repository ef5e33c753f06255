ALTER TABLE "offers" ADD COLUMN "funded_by" text DEFAULT 'marketplace' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "item_ids" uuid[];--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_funded_by_check" CHECK ("offers"."funded_by" in ('shop', 'marketplace'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_hours_range" CHECK ("offers"."hours" is null or (("offers"."hours"->>'from')::int between 0 and 1439 and ("offers"."hours"->>'to')::int between 0 and 1439 and "offers"."hours"->>'from' <> "offers"."hours"->>'to'));--> statement-breakpoint
-- A shop's own offers were its promotions; the service-wide ones the marketplace's.
UPDATE "offers" SET "funded_by" = 'shop' WHERE "provider_id" IS NOT NULL;--> statement-breakpoint
-- Orders placed before this carried only a coupon's discount: name it as a line.
UPDATE "orders" SET "discounts" = jsonb_build_array(jsonb_build_object(
  'source', 'coupon', 'offerId', "offers"."id", 'code', "orders"."coupon_code", 'kind', "offers"."kind",
  'value', "offers"."value", 'title', "offers"."title"->>'en',
  'label', coalesce("offers"."title"->>'en', 'Coupon ' || "orders"."coupon_code"),
  'appliesTo', CASE WHEN "offers"."kind" = 'free-delivery' THEN 'delivery' ELSE 'goods' END,
  'fundedBy', "offers"."funded_by", 'amount', "orders"."discount"))
FROM "offers" WHERE "offers"."id" = "orders"."coupon_offer_id" AND "orders"."discount" > 0;
