CREATE TABLE "experiences" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"included" jsonb NOT NULL,
	"guests_min" integer NOT NULL,
	"guests_max" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"pricing" text NOT NULL,
	"venue" text DEFAULT 'your-place' NOT NULL,
	CONSTRAINT "experiences_guests_range" CHECK ("experiences"."guests_min" > 0 and "experiences"."guests_max" >= "experiences"."guests_min")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"service" text NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"product_key" text,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"dietary" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"unit" text NOT NULL,
	"step_milli" integer DEFAULT 1000 NOT NULL,
	"stock" integer,
	"available" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nutrition" jsonb,
	"order_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_service_check" CHECK ("items"."service" in ('food', 'grocery', 'chef', 'cookbook', 'farm')),
	CONSTRAINT "items_type_check" CHECK ("items"."type" in ('meal', 'product', 'experience', 'recipe', 'ingredient', 'produce')),
	CONSTRAINT "items_price_not_negative" CHECK ("items"."price" >= 0),
	CONSTRAINT "items_step_positive" CHECK ("items"."step_milli" > 0),
	CONSTRAINT "items_stock_not_negative" CHECK ("items"."stock" is null or "items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"service" text NOT NULL,
	"provider_id" uuid,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"minimum_subtotal" bigint DEFAULT 0 NOT NULL,
	"title" jsonb,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"code" text,
	"total_limit" integer,
	"per_shopper_limit" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_service_check" CHECK ("offers"."service" in ('food', 'grocery', 'chef', 'cookbook', 'farm')),
	CONSTRAINT "offers_kind_check" CHECK ("offers"."kind" in ('percent', 'fixed', 'free-delivery')),
	CONSTRAINT "offers_window" CHECK ("offers"."ends_at" > "offers"."starts_at"),
	CONSTRAINT "offers_value_range" CHECK (("offers"."kind" = 'percent' and "offers"."value" between 1 and 100) or ("offers"."kind" = 'fixed' and "offers"."value" > 0) or ("offers"."kind" = 'free-delivery' and "offers"."value" = 0)),
	CONSTRAINT "offers_code_format" CHECK ("offers"."code" is null or "offers"."code" ~ '^[A-Z0-9]{4,20}$'),
	CONSTRAINT "offers_limits_positive" CHECK (coalesce("offers"."total_limit", 1) > 0 and coalesce("offers"."per_shopper_limit", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"service" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"country_code" text NOT NULL,
	"location_id" uuid NOT NULL,
	"area" text NOT NULL,
	"street" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"cuisines" text[] DEFAULT '{}'::text[] NOT NULL,
	"hours" jsonb NOT NULL,
	"by_appointment" boolean DEFAULT false NOT NULL,
	"delivery_radius_km" double precision NOT NULL,
	"delivery_fee_base" bigint NOT NULL,
	"delivery_fee_per_km" bigint NOT NULL,
	"free_delivery_above" bigint,
	"minimum_order" bigint NOT NULL,
	"prep_minutes" integer NOT NULL,
	"rating_average" double precision DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"cover_image" text,
	"logo_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_service_check" CHECK ("providers"."service" in ('food', 'grocery', 'chef', 'cookbook', 'farm')),
	CONSTRAINT "providers_kind_check" CHECK ("providers"."kind" in ('restaurant', 'home_cook', 'store', 'chef', 'creator', 'farmer')),
	CONSTRAINT "providers_status_check" CHECK ("providers"."status" in ('pending', 'active', 'suspended')),
	CONSTRAINT "providers_latitude_range" CHECK ("providers"."latitude" between -90 and 90),
	CONSTRAINT "providers_longitude_range" CHECK ("providers"."longitude" between -180 and 180),
	CONSTRAINT "providers_money_not_negative" CHECK ("providers"."delivery_fee_base" >= 0 and "providers"."delivery_fee_per_km" >= 0 and "providers"."minimum_order" >= 0),
	CONSTRAINT "providers_rating_range" CHECK ("providers"."rating_average" between 0 and 5 and "providers"."rating_count" >= 0),
	CONSTRAINT "providers_radius_positive" CHECK ("providers"."delivery_radius_km" > 0)
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"quantity_milli" integer,
	"unit" text,
	"match_product_key" text
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"servings" integer NOT NULL,
	"prep_minutes" integer NOT NULL,
	"cook_minutes" integer NOT NULL,
	"difficulty" text NOT NULL,
	"steps" jsonb NOT NULL,
	CONSTRAINT "recipes_servings_positive" CHECK ("recipes"."servings" > 0)
);
--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_country_code_marketplaces_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."marketplaces"("country_code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_country_code_marketplaces_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."marketplaces"("country_code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_item_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_country_service_slug_key" ON "items" USING btree ("country_code","service","slug");--> statement-breakpoint
CREATE INDEX "items_listing_idx" ON "items" USING btree ("country_code","service","type");--> statement-breakpoint
CREATE INDEX "items_provider_idx" ON "items" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "items_product_key_idx" ON "items" USING btree ("country_code","product_key");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_country_code_key" ON "offers" USING btree ("country_code","code");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("country_code","service","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_country_slug_key" ON "providers" USING btree ("country_code","slug");--> statement-breakpoint
CREATE INDEX "providers_listing_idx" ON "providers" USING btree ("country_code","service","status");--> statement-breakpoint
CREATE INDEX "providers_point_idx" ON "providers" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE UNIQUE INDEX "recipe_ingredients_position_key" ON "recipe_ingredients" USING btree ("recipe_id","position");