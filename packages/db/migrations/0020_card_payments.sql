CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_last4" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token" ON "saved_cards" USING btree ("user_id","provider","token");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cash', 'mpesa', 'mtn_momo', 'airtel_money', 'ecocash', 'orange_money', 'card'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('mpesa', 'mtn_momo', 'airtel_money', 'ecocash', 'orange_money', 'card'));