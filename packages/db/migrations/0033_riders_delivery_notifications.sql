CREATE TABLE "delivery_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" text DEFAULT 'searching' NOT NULL,
	"rider_id" uuid,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"cash_taken" bigint,
	"change_given" bigint,
	"untaken_alerted_at" timestamp with time zone,
	"nearly_there_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "delivery_jobs_status_check" CHECK ("delivery_jobs"."status" in ('searching', 'assigned', 'picked_up', 'delivered', 'cancelled')),
	CONSTRAINT "delivery_jobs_rider" CHECK ("delivery_jobs"."status" in ('searching', 'cancelled') or "delivery_jobs"."rider_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "job_offers_answer_check" CHECK ("job_offers"."answer" is null or "job_offers"."answer" in ('accepted', 'declined', 'expired', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" uuid,
	"author" text NOT NULL,
	"body" text,
	"quick_reply" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_messages_author_check" CHECK ("order_messages"."author" in ('shopper', 'shop', 'rider', 'operator')),
	CONSTRAINT "order_messages_content" CHECK (("order_messages"."body" is null) <> ("order_messages"."quick_reply" is null) and ("order_messages"."quick_reply" is null or "order_messages"."quick_reply" in ('at-the-gate', 'call-me', 'on-my-way', 'running-late', 'thank-you')))
);
--> statement-breakpoint
CREATE TABLE "rider_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rider_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rider_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_shops" (
	"rider_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	CONSTRAINT "rider_shops_rider_id_shop_id_pk" PRIMARY KEY("rider_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "riders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_id" uuid,
	"location_id" uuid,
	"vehicle" text NOT NULL,
	"on_shift" boolean DEFAULT false NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspend_reason" text,
	"latitude" double precision,
	"longitude" double precision,
	"position_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "riders_vehicle_check" CHECK ("riders"."vehicle" in ('bicycle', 'motorbike', 'car', 'on_foot'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vapid_keys_one_row" CHECK ("vapid_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_shops" ADD CONSTRAINT "rider_shops_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_shops" ADD CONSTRAINT "rider_shops_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_jobs_order_key" ON "delivery_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_jobs_rider_idx" ON "delivery_jobs" USING btree ("rider_id","status");--> statement-breakpoint
CREATE INDEX "delivery_jobs_searching_idx" ON "delivery_jobs" USING btree ("created_at") WHERE "delivery_jobs"."status" = 'searching';--> statement-breakpoint
CREATE INDEX "job_offers_job_idx" ON "job_offers" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_offers_open_idx" ON "job_offers" USING btree ("rider_id") WHERE "job_offers"."answer" is null;--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "rider_positions_job_idx" ON "rider_positions" USING btree ("job_id","at");--> statement-breakpoint
CREATE INDEX "rider_positions_received_idx" ON "rider_positions" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "rider_shops_shop_idx" ON "rider_shops" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "riders_user_key" ON "riders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "riders_shop_idx" ON "riders" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('customer', 'provider', 'operator', 'rider'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms', 'push'));--> statement-breakpoint
-- Orders still on their way get their delivery code too (new ones get it at checkout).
UPDATE "orders" SET "delivery_code" = lpad(floor(random() * 10000)::int::text, 4, '0')
WHERE "status" NOT IN ('delivered', 'rejected', 'cancelled');
