CREATE TABLE "order_ratings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_stars" CHECK ("order_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "choice_indexes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;