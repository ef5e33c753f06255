CREATE TABLE "provider_members" (
	"provider_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "provider_members" ADD CONSTRAINT "provider_members_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_members" ADD CONSTRAINT "provider_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_members_key" ON "provider_members" USING btree ("provider_id","user_id");--> statement-breakpoint
CREATE INDEX "provider_members_user_idx" ON "provider_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_offer_id_offers_id_fk" FOREIGN KEY ("coupon_offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;