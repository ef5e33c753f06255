ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_substitution";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "substitute_item_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute" jsonb;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_substitute_item_id_items_id_fk" FOREIGN KEY ("substitute_item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_substitution" CHECK ("cart_lines"."substitution" in ('best_match', 'specific', 'refund'));