CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"service" text NOT NULL,
	"provider_id" uuid,
	"rate_bp" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_range" CHECK ("commission_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"party" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"purpose" text NOT NULL,
	"shop_id" uuid,
	"order_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"order_id" uuid,
	"shop_id" uuid,
	"user_id" uuid,
	"currency" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_problem_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"problem_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity_milli" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "order_problem_lines_quantity_positive" CHECK ("order_problem_lines"."quantity_milli" > 0),
	CONSTRAINT "order_problem_lines_reason_check" CHECK ("order_problem_lines"."reason" in ('missing', 'wrong', 'damaged'))
);
--> statement-breakpoint
CREATE TABLE "order_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"status" text DEFAULT 'open' NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"refund_to" text,
	"resolved_by" uuid,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_problems_status_check" CHECK ("order_problems"."status" in ('open', 'resolved')),
	CONSTRAINT "order_problems_refund_to_check" CHECK ("order_problems"."refund_to" is null or "order_problems"."refund_to" in ('method', 'credit')),
	CONSTRAINT "order_problems_refund_not_negative" CHECK ("order_problems"."refund" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_shop_id_providers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problem_lines" ADD CONSTRAINT "order_problem_lines_problem_id_order_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."order_problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problem_lines" ADD CONSTRAINT "order_problem_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rates_scope_idx" ON "commission_rates" USING btree ("country_code","service","valid_from");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_shop_idx" ON "ledger_entries" USING btree ("shop_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","party");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_order_idx" ON "ledger_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_key" ON "payout_batches" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_shop_period_key" ON "payouts" USING btree ("shop_id","period_to");--> statement-breakpoint
CREATE INDEX "order_problem_lines_problem_idx" ON "order_problem_lines" USING btree ("problem_id");--> statement-breakpoint
CREATE INDEX "order_problems_order_idx" ON "order_problems" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_problems_provider_idx" ON "order_problems" USING btree ("provider_id","status","reported_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."discount" >= 0 and "orders"."tip" >= 0 and "orders"."total" >= 0 and "orders"."total" = "orders"."subtotal" + "orders"."delivery_fee" - "orders"."discount" + "orders"."tip" and "orders"."credit_used" between 0 and "orders"."total" and "orders"."refunded" between 0 and "orders"."total");--> statement-breakpoint
-- Every transaction balances: checked at commit (deferred), once all its entries are in.
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id") <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW."transaction_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balances"();--> statement-breakpoint
-- Append-only: a mistake is put right by a reversing transaction, never by an edit.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: post a reversing transaction instead';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
-- Credit given before the ledger existed: each balance opens as one balanced transaction, so the
-- ledger's customer_credit accounts equal credit_ledger from the start.
INSERT INTO "ledger_transactions" ("kind", "key", "user_id", "currency", "occurred_at")
SELECT 'opening_balance', 'opening:' || "user_id" || ':' || "currency", "user_id", "currency", now()
FROM "credit_ledger" GROUP BY "user_id", "currency" HAVING sum("amount_minor") <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "party", "amount", "purpose", "occurred_at")
SELECT t."id", leg."account", leg."party", leg."amount", 'opening', t."occurred_at"
FROM "ledger_transactions" t
JOIN (SELECT "user_id", "currency", sum("amount_minor") AS "balance" FROM "credit_ledger" GROUP BY "user_id", "currency") b
  ON t."key" = 'opening:' || b."user_id" || ':' || b."currency"
CROSS JOIN LATERAL (VALUES
  ('customer_credit', b."user_id"::text, -b."balance"),
  ('opening_balances', '', b."balance")
) AS leg("account", "party", "amount")
WHERE t."kind" = 'opening_balance';
