CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"locale" text,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reachable" CHECK ("contact_messages"."email" is not null or "contact_messages"."phone" is not null),
	CONSTRAINT "contact_messages_topic_check" CHECK ("contact_messages"."topic" in ('order', 'delivery', 'payment', 'partnership', 'food-safety', 'account', 'other'))
);
--> statement-breakpoint
CREATE INDEX "contact_messages_client_ip_created_at_idx" ON "contact_messages" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");