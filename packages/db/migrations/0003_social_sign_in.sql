CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"flow_token_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"intent" text NOT NULL,
	"user_id" uuid,
	"locale" text NOT NULL,
	"market" text NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_flows_intent_check" CHECK ("social_flows"."intent" in ('sign-in', 'link')),
	CONSTRAINT "social_flows_link_has_user" CHECK ("social_flows"."intent" <> 'link' or "social_flows"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_flows" ADD CONSTRAINT "social_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_provider_subject_key" ON "identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_user_id_provider_key" ON "identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "identities_email_idx" ON "identities" USING btree ("email") WHERE "identities"."email_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "social_flows_state_hash_key" ON "social_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "social_flows_expires_at_idx" ON "social_flows" USING btree ("expires_at");